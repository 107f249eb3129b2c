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
      -e 'admin.setup(); admin.add_member{name = "mina", password = "pw-mina-sync"}; admin.add_member{name = "joon", password = "pw-joon-sync"}' >>"$work/sync.log" 2>&1
    mina_sync="postgresql://mina:pw-mina-sync@${sync_base##*@}/sync_db"
    joon_sync="postgresql://joon:pw-joon-sync@${sync_base##*@}/sync_db"
    "$binary" --db "$mina_sync" --no-init -e 'print(app.user().name)
      profiles.save{nickname = "미나", dog = {name = "보리", age = 3, sex = "female", size = "small", keywords = {"friendly"}}}' \
      >>"$work/sync.log" 2>&1
    "$binary" --db "$joon_sync" --no-init -e 'print(app.user().name)' >>"$work/sync.log" 2>&1
    # Mates (linked by the superuser), and a request from mina for joon to answer later.
    psql -X -q "$sync_base/sync_db" -c "INSERT INTO mates (user_id, mate_id, since)
      SELECT a.id, b.id, (extract(epoch FROM now()) * 1000)::bigint FROM users a, users b WHERE a.name <> b.name" >>"$work/sync.log" 2>&1
    asked=$("$binary" --db "$mina_sync" --no-init \
      -e 'print(walks.request{mate = "joon", message = "산책 🐕", place = {lat = 37.5, lng = 127}}.id)' 2>>"$work/sync.log")
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
      # A write outside a transaction commits as it ends and waits the same: an answer
      # (one conditional UPDATE) and a request (one conditional INSERT), each its own.
      "$binary" --db "$joon_sync?options=-c%20statement_timeout%3D2s" --no-init --timeout 60 \
        -e "walks.accept('$asked')" >"$work/sync-accept.out" 2>"$work/sync-accept.err"
      accept_code=$?
      again=8d6f3c1e-2b7a-4c55-9e0f-4a1b2c3d4e5f
      "$binary" --db "$mina_sync?options=-c%20statement_timeout%3D2s" --no-init --timeout 60 \
        -e "walks.request{id = '$again', mate = 'joon', message = '또 🐕', place = {lat = 37.5, lng = 127}}" \
        >"$work/sync-request.out" 2>"$work/sync-request.err"
      request_code=$?
      # A function that writes, called by a SELECT (mate_invite) marked as a write.
      "$binary" --db "$mina_sync?options=-c%20statement_timeout%3D2s" --no-init --timeout 60 \
        -e "mates.invite()" >"$work/sync-invite.out" 2>"$work/sync-invite.err"
      invite_code=$?
      # In a callback, whose deadline is twice the statement timeout (30 and 60 s by
      # default): the write must fail within it, so the hook catches the error.
      "$binary" --db "$joon_sync?options=-c%20statement_timeout%3D2s" --no-init --timeout 60 --callback-timeout 4 \
        -e "app.after(0, function()
              local ok, failure = pcall(walks.accept, '$again')
              print(ok, tostring(failure):match('%[([%w_.]+)%]'))
              app.stop()
            end)
            app.loop()" >"$work/sync-hook.out" 2>"$work/sync-hook.err"
      all_took=$(($(date +%s) - sync_began))
      kill -CONT "$receiver"
      made=$("$binary" --db "$mina_sync" --no-init -e 'print(#habits.list())' 2>>"$work/sync.err")
      # After the standby is back, the same request again (its id) finds the one made (the
      # hook's acceptance of it is on the primary too).
      answered=$("$binary" --db "$mina_sync" --no-init -e "
        local out = walks.outgoing()
        local again = walks.request{id = '$again', mate = 'joon', message = '또 🐕', place = {lat = 37.5, lng = 127}}
        local statuses = {}
        for _, r in ipairs(walks.outgoing()) do statuses[#statuses + 1] = r.status end
        table.sort(statuses)
        print(#out, again.id, table.concat(statuses, ','))" 2>>"$work/sync.err")
      cat "$work/sync-accept.err" "$work/sync-request.err" "$work/sync-invite.err" "$work/sync-hook.out" \
        "$work/sync-hook.err" >>"$work/sync.err"
      if [ "$sync_code" = 1 ] && grep -q "storage.outcome_unknown" "$work/sync.err" &&
        grep -q "synchronous standby" "$work/sync.err" && [ "$made" = 1 ] && [ "$sync_took" -lt 30 ] &&
        [ -n "$asked" ] && [ "$accept_code" = 1 ] && grep -q "storage.outcome_unknown" "$work/sync-accept.err" &&
        [ "$request_code" = 1 ] && grep -q "storage.outcome_unknown" "$work/sync-request.err" &&
        [ "$invite_code" = 1 ] && grep -q "storage.outcome_unknown" "$work/sync-invite.err" &&
        grep -qx "false	storage.outcome_unknown" "$work/sync-hook.out" &&
        [ "$all_took" -lt 60 ] && [ "$answered" = "2	$again	accepted,accepted" ]; then
        sync_ok=1
      else
        echo "exit $sync_code after $sync_took s (accept $accept_code, request $request_code, invite $invite_code; $all_took s in all); habits on the primary afterwards: $made; requests: $answered" >>"$work/sync.err"
      fi
    else
      echo "no WAL receiver found" >>"$work/sync.err"
    fi
  fi
  if [ "$sync_ok" = 1 ]; then
    echo "ok   a COMMIT, a write outside a transaction (walks.accept, walks.request) and a function that writes (mates.invite), in a hook too, waiting for a synchronous standby that does not answer ends at the statement timeout: storage.outcome_unknown"
    passed=$((passed + 1))
  else
    cat "$work/sync.log" >>"$work/sync.err" 2>/dev/null
    fail "a COMMIT waiting for a silent synchronous standby" "not storage.outcome_unknown at the statement timeout" "$work/sync.err"
  fi
  bash "$here/../Support/postgres.sh" stop "$sync_primary" >/dev/null 2>&1
  bash "$here/../Support/postgres.sh" stop "$sync_standby" >/dev/null 2>&1
fi
