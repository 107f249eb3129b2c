# No lock hangs an app (sourced by run.sh): every connection starts with a lock_timeout
# (5 s) and a statement_timeout (30 s), and the script's deadline cancels the statement the
# server runs (PQcancel), so a table held by someone else's transaction makes a route fail
# with storage.busy, or end at --timeout, instead of waiting forever. The bounds below are
# far above what each takes (5 s and 1 s) and far below the 60 s the lock is held.
if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  locks_schema="e2e_$$_locks"
  locks_url="$APP_SHELL_TEST_POSTGRES?options=-c%20search_path%3D$locks_schema"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE SCHEMA $locks_schema" >/dev/null 2>&1
  "$binary" --db "$locks_url" -e 'habits.create{name = "Floss"}' >/dev/null 2>"$work/err" \
    || fail "pglocks set-up" "the set-up failed" "$work/err"
  # Another session holds the habits table for a minute.
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "BEGIN; LOCK TABLE $locks_schema.habits IN ACCESS EXCLUSIVE MODE;
    SELECT pg_sleep(60); COMMIT;" >/dev/null 2>&1 &
  locks_holder=$!
  for _ in $(seq 50); do
    held=$(psql -X -At "$APP_SHELL_TEST_POSTGRES" -c "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '$locks_schema' AND c.relname = 'habits'
      AND l.mode = 'AccessExclusiveLock' AND l.granted")
    [ "$held" = 1 ] && break
    sleep 0.1
  done
  [ "$held" = 1 ] || fail "pglocks: the other session holds the habits table" "it was never granted in 5 s"
  # locks_timed NAME PATTERN ABSENT COMMAND...: COMMAND fails (exit 1) within 20 s, far
  # below the minute the lock is held, saying PATTERN and (when ABSENT is not empty) not
  # ABSENT on standard error.
  locks_timed() {
    local name=$1 pattern=$2 absent=$3
    shift 3
    local started code took
    started=$(date +%s)
    "$@" >"$work/out" 2>"$work/err"
    code=$?
    took=$(($(date +%s) - started))
    if [ "$code" = 1 ] && grep -qF -- "$pattern" "$work/err" && [ "$took" -lt 20 ] \
      && { [ -z "$absent" ] || ! grep -qF -- "$absent" "$work/err"; }; then
      echo "ok   $name"; passed=$((passed + 1))
    else
      fail "$name" "exit $code after ${took}s" "$work/err"
    fi
  }
  locks_timed "a table locked by another session is storage.busy after lock_timeout, not a hang" 'storage.busy' '' \
    "$binary" --db "$locks_url" -e 'habits.list()'
  # With the lock wait allowed a minute (the URL's own options win), the script's deadline
  # cancels the statement: the chunk's own timeout error, not the backstop's "did not stop
  # within 2 s; exiting", which is how it ended before the statement was cancelled.
  locks_timed "the script's deadline cancels a statement waiting on a lock" \
    'timeout: the chunk ran longer than 1 s' 'did not stop' \
    "$binary" --db "$locks_url%20-c%20lock_timeout%3D60s" --timeout 1 -e 'habits.list()'
  # --import has a deadline too (--timeout): the import waits on the held table, is
  # cancelled at 1 s (PQcancel), and keeps nothing.
  locks_timed "--import stops at its deadline while it waits on a lock" \
    'timeout: --import ran longer than 1 s (--timeout); nothing of it was kept' 'exiting' \
    "$binary" --db "$locks_url%20-c%20lock_timeout%3D60s" --timeout 1 --import "$here/../Fixtures/import/habitbull.csv"
  # SIGTERM ends an import at once, even one waiting on a lock with no deadline near.
  "$binary" --db "$locks_url%20-c%20lock_timeout%3D60s" --timeout 0 \
    --import "$here/../Fixtures/import/habitbull.csv" >"$work/out" 2>"$work/err" &
  locks_import=$!
  locks_waiting=no
  for _ in $(seq 100); do
    [ "$(psql -X -At "$APP_SHELL_TEST_POSTGRES" -c "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '$locks_schema' AND NOT l.granted")" != 0 ] \
      && locks_waiting=yes && break
    sleep 0.1
  done
  locks_started=$(date +%s)
  kill -TERM "$locks_import"
  wait "$locks_import"
  locks_code=$?
  locks_took=$(($(date +%s) - locks_started))
  # 143: ended by SIGTERM (128 + 15), as a shell reports it.
  if [ "$locks_waiting" = yes ] && [ "$locks_code" = 143 ] && [ "$locks_took" -lt 5 ]; then
    echo "ok   SIGTERM ends an --import waiting on a lock at once (exit $locks_code)"; passed=$((passed + 1))
  else
    fail "SIGTERM ends an --import waiting on a lock at once" \
      "waiting: $locks_waiting, exit $locks_code after ${locks_took}s" "$work/err"
  fi
  kill "$locks_holder" 2>/dev/null
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE query LIKE '%LOCK TABLE $locks_schema.habits%' AND pid <> pg_backend_pid()" >/dev/null 2>&1
  wait "$locks_holder" 2>/dev/null
  check "... and nothing of it was kept" 0 "Floss" \
    "$binary" --db "$locks_url" -e 'for _, h in ipairs(habits.list()) do print(h.name) end'
  grep -q '팔굽혀펴기' "$work/out" && fail "the stopped import kept a habit" "stdout" "$work/out"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP SCHEMA $locks_schema CASCADE" >/dev/null 2>&1
else
  echo "skip pglocks: APP_SHELL_TEST_POSTGRES or psql is missing"
fi
