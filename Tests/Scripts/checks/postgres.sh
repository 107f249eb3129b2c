# The PostgreSQL backend (sourced by run.sh): libpq stays out of an app-shell
# on SQLite, the throwaway test cluster leaves nothing behind, and every end-to-end script
# passes on PostgreSQL too.

# libpq is loaded with dlopen on the first PostgreSQL connection: not a dependency of the
# binary, no PQ* symbol left for the loader to bind, and not loaded by a run on SQLite
# (LD_DEBUG=files lists every library the loader opens, dlopen'ed ones included; Lua's
# shared library must be among them, or the listing proves nothing: SQLite's is not, in a
# `make build` binary, which links SQLite statically).
check "libpq is not linked into app-shell" 0 "" bash -c "! ldd '$binary' | grep -q 'libpq'"
check "no libpq symbol is left to bind" 0 "" bash -c "! nm -D --undefined-only '$binary' | grep -qw 'PQ[a-zA-Z]*'"
LD_DEBUG=files "$binary" --db "$work/pg-lazy.db" -e 'return 1' >"$work/out" 2>"$work/ld-debug"
check "a run on SQLite opens liblua5.4 (the listing works)" 0 "" grep -q 'file=liblua5.4' "$work/ld-debug"
check "a run on SQLite never loads libpq" 0 "" bash -c "! grep -q 'libpq' '$work/ld-debug'"

# CPostgres is a C target like CHTTP: a declaring header, a defining .c, no module map.
pg_shim="$here/../../Modules/CPostgres"
check "CPostgres is a C target with a declaring header" 0 "" bash -c \
  "[ -f '$pg_shim/include/CPostgres.h' ] && [ -f '$pg_shim/cpostgres.c' ] && [ ! -e '$pg_shim/module.modulemap' ] \
   && ! grep -qw static '$pg_shim/include/CPostgres.h'"

# The throwaway cluster, from a clean state: it starts, takes a password login over TCP and
# refuses a wrong one, and `stop` leaves neither its folder nor a process behind.
if [ -x /usr/lib/postgresql/15/bin/initdb ] && command -v psql >/dev/null; then
  # Under /tmp: as root the server runs as postgres, which cannot enter $work (0700).
  pg_folder=$(mktemp -d /tmp/app-shell-pg-check.XXXXXX)
  pg_script="$here/../Support/postgres.sh"
  check "postgres.sh start makes a cluster" 0 "" bash "$pg_script" start "$pg_folder"
  check "the cluster takes its password over TCP" 0 "1" bash -c \
    ". '$pg_folder/env' && psql -X -At -c 'select 1'"
  check "the cluster refuses a wrong password" 2 "" bash -c \
    ". '$pg_folder/env' && PGPASSFILE=/dev/null PGPASSWORD=wrong psql -X -At -c 'select 1'"
  grep -q "password authentication failed" "$work/err" || fail "the refusal is a password failure" "stderr" "$work/err"
  check "postgres.sh stop removes the cluster" 0 "" bash "$pg_script" stop "$pg_folder"
  check "no folder is left" 0 "" test ! -e "$pg_folder"
  # [p]: the pattern does not match this check's own command line.
  check "no server process of the cluster is left" 0 "" bash -c "! pgrep -f '[p]ostgres -D $pg_folder' >/dev/null"
else
  fail "the PostgreSQL test cluster" "postgresql-15 and postgresql-client-15 are not installed (make deps)"
fi

# Every end-to-end script again, on PostgreSQL: `--db` is the test server
# (APP_SHELL_TEST_POSTGRES, which `make test` sets), each script in a fresh schema of its
# own (libpq's `options` puts it first on the search path), with the same directives. The
# scripts act as several users (--user, app.login), which on PostgreSQL the login decides:
# the harness connects as the cluster's superuser (who bypasses row-level security anyway)
# and sets APP_SHELL_TEST_IMPERSONATE=1, the one way a superuser may act as anyone.
# pg_e2e SCRIPT OUTPUT: 0 when the script behaves as its directives say (run.sh's
# run_directed, in run.sh's in_parallel), in a schema of its own named for OUTPUT.
pg_e2e() {
  local script=$1 output=$2 schema code
  schema="e2e_$$_$(basename "$output" | tr -c 'a-z0-9_\n' '_')"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE SCHEMA $schema" >/dev/null || { why="cannot create $schema"; return 1; }
  APP_SHELL_TEST_IMPERSONATE=1 run_directed "$script" "$APP_SHELL_TEST_POSTGRES?options=-c%20search_path%3D$schema" \
    "$output"
  code=$?
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP SCHEMA $schema CASCADE" >/dev/null 2>&1
  return "$code"
}
# A server that is down: exit 1 with a message naming the place, never the password.
check "--db on a server that is down fails at start-up" 1 "" \
  "$binary" --db "postgresql://mina:s3cret-pw@127.0.0.1:1/walks" -e 'return 1'
grep -qF 'cannot connect to database "walks" on 127.0.0.1:1 as mina' "$work/err" \
  || fail "a server that is down is named" "stderr" "$work/err"
if grep -qF 's3cret-pw' "$work/err"; then fail "a server that is down: the password stays out" "stderr" "$work/err"; fi
if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ]; then
  in_parallel "on PostgreSQL: " pg_e2e "$here"/*.lua
  # The run really was on PostgreSQL: a user made there is found there, and libpq was loaded.
  pg_schema="e2e_$$_user"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE SCHEMA $pg_schema" >/dev/null 2>&1
  check "--db postgresql://... writes to the server" 0 "1" bash -c \
    "APP_SHELL_TEST_IMPERSONATE=1 '$binary' --db '$APP_SHELL_TEST_POSTGRES?options=-c%20search_path%3D$pg_schema' \
       --user zed -e 'return 1' >/dev/null \
     && psql -X -At '$APP_SHELL_TEST_POSTGRES' -c \"SELECT count(*) FROM $pg_schema.users WHERE name = 'zed'\""
  LD_DEBUG=files "$binary" --db "$APP_SHELL_TEST_POSTGRES?options=-c%20search_path%3D$pg_schema" -e 'return 1' \
    >"$work/out" 2>"$work/ld-debug"
  check "a run on PostgreSQL loads libpq" 0 "" grep -q 'file=libpq' "$work/ld-debug"
  # libpq's own PG* variables and password file fill in a URL that names nothing.
  check "--db postgresql:// takes the rest from PG* variables" 0 "$PGUSER" \
    "$binary" --db "postgresql://?options=-c%20search_path%3D$pg_schema" -e 'print(app.user().name)'
  # --trace records PostgreSQL's transactions inside their route call, as SQLite's.
  "$binary" --db "$APP_SHELL_TEST_POSTGRES?options=-c%20search_path%3D$pg_schema" --trace "$work/pg-trace.json" \
    -e 'habits.create{name = "Traced"}' >/dev/null 2>&1
  check "--trace on PostgreSQL has the route's transaction" 0 "" python3 -c '
import json, sys
events = json.load(open(sys.argv[1]))["traceEvents"]
route = next(e for e in events if e["name"] == "habits.create" and e["ph"] == "X")
assert any(e["name"] == "transaction" and route["ts"] <= e["ts"] and e["ts"] + e["dur"] <= route["ts"] + route["dur"]
           for e in events), events
' "$work/pg-trace.json"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP SCHEMA $pg_schema CASCADE" >/dev/null 2>&1
  # --backup copies a SQLite file; a server's URL is a usage error that does not echo it.
  check "--backup of a PostgreSQL database is a usage error" 2 "" \
    "$binary" --db "$APP_SHELL_TEST_POSTGRES" --backup "$work/pg-copy.db"
  grep -q "pg_dump" "$work/err" || fail "--backup on PostgreSQL points to pg_dump" "stderr" "$work/err"
  pg_password=${APP_SHELL_TEST_POSTGRES#*://*:}
  pg_password=${pg_password%%@*}
  if grep -qF -- "$pg_password" "$work/err"; then fail "--backup on PostgreSQL keeps the password out" "stderr"; fi
else
  echo "skip the end-to-end scripts on PostgreSQL: APP_SHELL_TEST_POSTGRES is not set (make test sets it)"
fi
