# The PostgreSQL backend's groundwork (sourced by run.sh): libpq stays out of an app-shell
# on SQLite, and the throwaway test cluster leaves nothing behind.

# libpq is loaded with dlopen on the first PostgreSQL connection: not a dependency of the
# binary, no PQ* symbol left for the loader to bind, and not loaded by a run on SQLite
# (LD_DEBUG=files lists every library the loader opens, dlopen'ed ones included; SQLite's
# own library must be among them, or the listing proves nothing).
check "libpq is not linked into app-shell" 0 "" bash -c "! ldd '$binary' | grep -q 'libpq'"
check "no libpq symbol is left to bind" 0 "" bash -c "! nm -D --undefined-only '$binary' | grep -qw 'PQ[a-zA-Z]*'"
LD_DEBUG=files "$binary" --db "$work/pg-lazy.db" -e 'return 1' >"$work/out" 2>"$work/ld-debug"
check "a run on SQLite opens libsqlite3 (the listing works)" 0 "" grep -q 'file=libsqlite3' "$work/ld-debug"
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
