#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the tests: made in a folder, removed with it.
#
#   postgres.sh start FOLDER   initdb in FOLDER (new or empty), start the server on a
#                              free port of 127.0.0.1 with password (SCRAM) login, and write
#                              FOLDER/env: PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSFILE (the
#                              password file) and APP_SHELL_TEST_POSTGRES (a postgresql:// URL
#                              with the password), all exported.
#   postgres.sh stop FOLDER    stop the server and remove FOLDER (only a folder this script
#                              made: it carries a marker file).
#   postgres.sh restart FOLDER stop the server (every session ends), wait
#                              APP_SHELL_PG_DOWN_SECONDS (default 0), start it again on the
#                              same port.
#   postgres.sh standby PRIMARY FOLDER
#                              a synchronous hot standby of PRIMARY in FOLDER (streaming
#                              replication from a base backup), with its own env.
#   postgres.sh crash FOLDER   SIGKILL the server's postmaster.
#   postgres.sh promote FOLDER make a standby the primary (pg_ctl promote).
#
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` system
# user (Debian's postgresql-15 makes it) and FOLDER is handed to it. fsync is off: a test
# cluster never survives a crash anyway, and it starts in well under a second.
# APP_SHELL_PG_FSYNC=on starts it with fsync (and full-page writes) on, as a real server
# runs: `make bench` measures COMMITs that wait for the disk. APP_SHELL_PG_MAX_CONNECTIONS
# sets max_connections (default 200: make test's unit tests, scripts and the small
# neighbourhood at once; `make bench-scale` asks for a thousand and more).
set -euo pipefail

bin=${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}
marker=.app-shell-test-cluster

usage() {
  echo "usage: $0 start|stop|restart|crash|promote FOLDER, or standby PRIMARY FOLDER" >&2
  exit 2
}

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# new_folder FOLDER: FOLDER (new or empty) made 0700 with this script's marker and a socket
# folder; as root, one the postgres user can reach.
new_folder() {
  local folder=$1
  if [ -e "$folder" ] && [ -n "$(ls -A "$folder" 2>/dev/null)" ]; then
    echo "postgres.sh: $folder is not empty; give a new or empty folder (mktemp -d)" >&2
    exit 1
  fi
  mkdir -p "$folder"
  chmod 0700 "$folder"
  if [ "$(id -u)" = "0" ] && ! runuser -u postgres -- test -x "$(dirname "$folder")"; then
    echo "postgres.sh: the postgres user cannot reach $folder; use a folder under /tmp" >&2
    rmdir "$folder" 2>/dev/null
    exit 1
  fi
  touch "$folder/$marker"
  mkdir -m 0700 "$folder/socket"
}

start() {
  local folder=$1
  [ -x "$bin/initdb" ] || {
    echo "postgres.sh: no $bin/initdb (install postgresql-15)" >&2
    exit 1
  }
  new_folder "$folder"
  local password
  password=$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')
  (umask 077 && printf '%s\n' "$password" >"$folder/password")
  if [ "$(id -u)" = "0" ]; then chown -R postgres: "$folder"; fi

  as_owner "$bin/initdb" --pgdata="$folder/data" --username=admin --pwfile="$folder/password" \
    --auth-local=scram-sha-256 --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 \
    --no-sync --no-instructions >"$folder/initdb.log" 2>&1 || {
    cat "$folder/initdb.log" >&2
    exit 1
  }
  rm -f "$folder/password"
  serve "$folder" ""
  write_env "$folder" "$password"
}

# serve FOLDER EXTRA: starts FOLDER/data on a free port of 127.0.0.1 with the test options
# and EXTRA (more -c words); records them in FOLDER/options (for restart), the port in
# FOLDER/port. A free port: one nobody answers on; if another process takes it first, the
# server does not start and the next candidate is tried.
serve() {
  local folder=$1 extra=$2
  local attempt port="" fsync=off connections=${APP_SHELL_PG_MAX_CONNECTIONS:-200}
  case $connections in '' | *[!0-9]*) echo "postgres.sh: APP_SHELL_PG_MAX_CONNECTIONS is a number" >&2; exit 1 ;; esac
  [ "${APP_SHELL_PG_FSYNC:-off}" = on ] && fsync=on
  for attempt in 1 2 3 4 5 6 7 8; do
    local candidate=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
    if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then continue; fi
    local options="-c listen_addresses=127.0.0.1 -p $candidate -c unix_socket_directories=$folder/socket \
          -c fsync=$fsync -c full_page_writes=$fsync -c max_connections=$connections $extra"
    if as_owner "$bin/pg_ctl" start --wait --silent --pgdata="$folder/data" --log="$folder/server.log" \
      -o "$options" >/dev/null; then
      port=$candidate
      printf '%s\n' "$options" >"$folder/options" # for restart
      printf '%s\n' "$port" >"$folder/port"
      break
    fi
  done
  [ -n "$port" ] || {
    echo "postgres.sh: the server did not start:" >&2
    tail -20 "$folder/server.log" >&2
    exit 1
  }
}

# write_env FOLDER PASSWORD: FOLDER/pgpass and FOLDER/env for the server on FOLDER/port,
# printed.
write_env() {
  local folder=$1 password=$2 port
  port=$(cat "$folder/port")
  # The password goes in a password file (libpq refuses one others can read), not in
  # PGPASSWORD, so the processes the tests start do not carry it in their environment.
  (umask 077 && printf '127.0.0.1:%s:*:admin:%s\n' "$port" "$password" >"$folder/pgpass")
  cat >"$folder/env" <<EOF
export PGHOST=127.0.0.1
export PGPORT=$port
export PGUSER=admin
export PGDATABASE=postgres
export PGPASSFILE=$folder/pgpass
export APP_SHELL_TEST_POSTGRES=postgresql://admin:$password@127.0.0.1:$port/postgres
EOF
  chmod 0600 "$folder/env"
  # For the caller's processes (root's, when the server runs as postgres).
  if [ "$(id -u)" = "0" ]; then chown root: "$folder/env" "$folder/pgpass"; fi
  cat "$folder/env"
}

stop() {
  local folder=$1
  [ -d "$folder" ] || return 0
  [ -f "$folder/$marker" ] || {
    echo "postgres.sh: $folder was not made by postgres.sh start; left alone" >&2
    exit 1
  }
  if [ -f "$folder/data/postmaster.pid" ]; then
    local postmaster
    postmaster=$(head -1 "$folder/data/postmaster.pid" 2>/dev/null || true)
    as_owner "$bin/pg_ctl" stop --wait --silent --mode=immediate --pgdata="$folder/data" >/dev/null 2>&1 || {
      # pg_ctl could not do it: end the postmaster this cluster recorded, and only it.
      local pid
      pid=$(head -1 "$folder/data/postmaster.pid" 2>/dev/null || true)
      if [ -n "$pid" ]; then kill -QUIT "$pid" 2>/dev/null || true; fi
    }
    # Until the postmaster has exited and been reaped (up to 5 s), so no server process, not
    # even a zombie, outlives `stop` (a zombie has no command line left, only its name).
    local tries=0
    while [ -n "$postmaster" ] && [ $tries -lt 100 ] && grep -qx postgres "/proc/$postmaster/comm" 2>/dev/null; do
      sleep 0.05
      tries=$((tries + 1))
    done
  fi
  rm -rf "$folder"
}

# Stops the server (fast: open sessions end), waits APP_SHELL_PG_DOWN_SECONDS (default 0)
# and starts it again with the same options and port, as an administrator's restart does;
# every connection to it is lost, and while it is down none can be made.
restart() {
  local folder=$1
  [ -f "$folder/$marker" ] && [ -f "$folder/options" ] || {
    echo "postgres.sh: $folder was not made by postgres.sh start; left alone" >&2
    exit 1
  }
  as_owner "$bin/pg_ctl" stop --wait --silent --mode=fast --pgdata="$folder/data" >/dev/null
  sleep "${APP_SHELL_PG_DOWN_SECONDS:-0}"
  as_owner "$bin/pg_ctl" start --wait --silent --pgdata="$folder/data" --log="$folder/server.log" \
    -o "$(cat "$folder/options")" >/dev/null
}

[ $# -eq 2 ] || { [ $# -eq 3 ] && [ "$1" = standby ]; } || usage

# standby PRIMARY FOLDER: a hot standby of PRIMARY (a running cluster this script started):
# a base backup streamed from it (pg_basebackup), started on a port of its own with
# standby.signal and a primary_conninfo that names it by its cluster_name. The primary is
# then told to wait for it on every COMMIT (synchronous_standby_names; synchronous_commit
# is `on` by default), and `standby` returns once the primary reports it `sync`. The
# setting lives in the primary's own postgresql.auto.conf, so the standby, once promoted,
# waits for nobody. Its env names the same administrator.
standby() {
  local primary=$1 folder=$2
  [ -f "$primary/$marker" ] && [ -f "$primary/port" ] || {
    echo "postgres.sh: $primary was not made by postgres.sh start; left alone" >&2
    exit 1
  }
  new_folder "$folder"
  local primary_port password name tries=0
  primary_port=$(cat "$primary/port")
  password=$(sed -n 's/^127\.0\.0\.1:[0-9]*:\*:admin://p' "$primary/pgpass")
  name=standby_$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')
  PGPASSFILE="$primary/pgpass" "$bin/pg_basebackup" --host=127.0.0.1 --port="$primary_port" --username=admin \
    --pgdata="$folder/data" --wal-method=stream --checkpoint=fast --no-sync >"$folder/basebackup.log" 2>&1 || {
    cat "$folder/basebackup.log" >&2
    exit 1
  }
  touch "$folder/data/standby.signal"
  printf "primary_conninfo = 'host=127.0.0.1 port=%s user=admin password=%s application_name=%s'\n" \
    "$primary_port" "$password" "$name" >>"$folder/data/postgresql.auto.conf"
  if [ "$(id -u)" = "0" ]; then chown -R postgres: "$folder"; fi
  serve "$folder" "-c cluster_name=$name"
  # From here a failure stops the standby it started (the caller's stop removes the folder).
  # shellcheck disable=SC2064
  trap "as_owner '$bin/pg_ctl' stop --wait --silent --mode=immediate --pgdata='$folder/data' >/dev/null 2>&1" EXIT
  primary_sql() {
    PGPASSFILE="$primary/pgpass" "$bin/psql" -X -At -q -h 127.0.0.1 -p "$primary_port" -U admin -d postgres "$@"
  }
  primary_sql -c "ALTER SYSTEM SET synchronous_standby_names = '\"$name\"'" -c "SELECT pg_reload_conf()" >/dev/null
  until [ "$(primary_sql -c "SELECT sync_state FROM pg_stat_replication WHERE application_name = '$name'")" = sync ]; do
    tries=$((tries + 1))
    [ $tries -lt 600 ] || {
      echo "postgres.sh: the standby did not become synchronous:" >&2
      tail -20 "$folder/server.log" >&2
      exit 1
    }
    sleep 0.05
  done
  trap - EXIT
  write_env "$folder" "$password"
}

# crash FOLDER: ends the cluster's postmaster with SIGKILL: no checkpoint, no goodbye to its
# sessions (its backends end when they notice, and clients see their connections close; a
# machine that vanishes from the network closes nothing). Returns once the postmaster is gone.
crash() {
  local folder=$1 postmaster tries=0
  [ -f "$folder/$marker" ] || {
    echo "postgres.sh: $folder was not made by postgres.sh start; left alone" >&2
    exit 1
  }
  postmaster=$(head -1 "$folder/data/postmaster.pid")
  kill -KILL "$postmaster"
  while [ $tries -lt 100 ] && grep -qx postgres "/proc/$postmaster/comm" 2>/dev/null; do
    sleep 0.05
    tries=$((tries + 1))
  done
}

# promote FOLDER: a standby becomes a primary (pg_ctl promote); returns once it takes writes.
promote() {
  local folder=$1
  [ -f "$folder/$marker" ] || {
    echo "postgres.sh: $folder was not made by postgres.sh start; left alone" >&2
    exit 1
  }
  as_owner "$bin/pg_ctl" promote --wait --silent --pgdata="$folder/data" >/dev/null
}

case ${1:-} in
  start) start "$2" ;;
  stop) stop "$2" ;;
  restart) restart "$2" ;;
  standby) standby "$2" "$3" ;;
  crash) crash "$2" ;;
  promote) promote "$2" ;;
  *) usage ;;
esac
