# A primary dies under ten writing scripts and its synchronous standby takes over (sourced by
# run.sh): one round of Tests/Bench/failover.py on clusters of its own (`make bench-faults`
# runs twenty). The scripts reach both servers through one multi-host URL with
# target_session_attrs=read-write; COMMITs are in flight when the primary's postmaster is
# killed; the standby is promoted. Every write a script saw succeed must be on the new
# primary, none twice, each script writing again within 10 s, row security intact there.

if [ -x /usr/lib/postgresql/15/bin/initdb ] && [ -x /usr/lib/postgresql/15/bin/pg_basebackup ] &&
  command -v psql >/dev/null && command -v python3 >/dev/null; then
  if python3 "$here/../Bench/failover.py" "$binary" --rounds 1 --check >"$work/failover.out" 2>"$work/failover.err"; then
    echo "ok   a failover under ten writing scripts: $(sed -n 's/^ *all *//p' "$work/failover.out" |
      awk '{print $1 " writes acknowledged, " $3 " lost, " $4 " twice, " $5 " with an unknown outcome sent again"}')"
    passed=$((passed + 1))
  else
    # The table and the goal's failures first: fail shows 20 lines, and the scripts' own
    # standard error (after them) runs long.
    cat "$work/failover.out" "$work/failover.err" >"$work/failover.why"
    fail "a failover under ten writing scripts" "see below" "$work/failover.why"
  fi
else
  echo "skip the failover check: postgresql-15 or python3 is not installed (make deps)"
fi

# A COMMIT that waits for a synchronous standby that does not answer: PostgreSQL stops
# counting statement_timeout before that wait, so app-shell bounds it by the same time and
# says the outcome is unknown (the primary has it; the standby may not), never success.
if [ -x /usr/lib/postgresql/15/bin/pg_basebackup ] && command -v psql >/dev/null; then
  sync_primary=$(mktemp -d /tmp/app-shell-pg-sync.XXXXXX)
  sync_standby=$(mktemp -d /tmp/app-shell-pg-sync.XXXXXX)
  sync_ok=0
  if bash "$here/../Support/postgres.sh" start "$sync_primary" >"$work/sync.log" 2>&1 &&
    bash "$here/../Support/postgres.sh" standby "$sync_primary" "$sync_standby" >>"$work/sync.log" 2>&1; then
    sync_url=$(sed -n 's/^export APP_SHELL_TEST_POSTGRES=//p' "$sync_primary/env")
    sync_base=${sync_url%/postgres}
    psql -X -q "$sync_url" -c "CREATE DATABASE sync_db" >>"$work/sync.log" 2>&1
    "$binary" --db "$sync_base/sync_db" --no-init \
      -e 'admin.setup(); admin.add_member{name = "mina", password = "pw-mina-sync"}' >>"$work/sync.log" 2>&1
    mina_sync="postgresql://mina:pw-mina-sync@${sync_base##*@}/sync_db"
    "$binary" --db "$mina_sync" --no-init -e 'print(app.user().name)' >>"$work/sync.log" 2>&1
    receiver=""
    for child in $(ps -o pid= --ppid "$(head -1 "$sync_standby/data/postmaster.pid")"); do
      grep -q walreceiver "/proc/$child/cmdline" 2>/dev/null && receiver=$child
    done
    if [ -n "$receiver" ]; then
      kill -STOP "$receiver"
      # The script's own deadline (60 s) would cancel the wait too: the answer must come
      # well before it, from the 2-second limit (at most a second late: the watcher looks
      # once a second).
      sync_began=$(date +%s)
      "$binary" --db "$mina_sync?options=-c%20statement_timeout%3D2s" --no-init --timeout 60 \
        -e 'habits.create{name = "Run 🏃"}' >"$work/sync.out" 2>"$work/sync.err"
      sync_code=$?
      sync_took=$(($(date +%s) - sync_began))
      kill -CONT "$receiver"
      made=$("$binary" --db "$mina_sync" --no-init -e 'print(#habits.list())' 2>>"$work/sync.err")
      if [ "$sync_code" = 1 ] && grep -q "storage.outcome_unknown" "$work/sync.err" &&
        grep -q "synchronous standby" "$work/sync.err" && [ "$made" = 1 ] && [ "$sync_took" -lt 30 ]; then
        sync_ok=1
      else
        echo "exit $sync_code after $sync_took s; habits on the primary afterwards: $made" >>"$work/sync.err"
      fi
    else
      echo "no WAL receiver found" >>"$work/sync.err"
    fi
  fi
  if [ "$sync_ok" = 1 ]; then
    echo "ok   a COMMIT waiting for a synchronous standby that does not answer ends at the statement timeout: storage.outcome_unknown"
    passed=$((passed + 1))
  else
    cat "$work/sync.log" >>"$work/sync.err" 2>/dev/null
    fail "a COMMIT waiting for a silent synchronous standby" "not storage.outcome_unknown at the statement timeout" "$work/sync.err"
  fi
  bash "$here/../Support/postgres.sh" stop "$sync_primary" >/dev/null 2>&1
  bash "$here/../Support/postgres.sh" stop "$sync_standby" >/dev/null 2>&1
fi
