# A waiting script survives its server's restart (sourced by run.sh): a cluster of its own,
# two members who are mates, mina waiting in app.loop() with a walks.incoming hook. The
# server stops (every session ends) and starts again 3 s later; joon then asks mina for a
# walk. Her loop must say once that the inbox cannot be read, reconnect by itself, say once
# that it can be read again, and hand her hook the request: once, and without being
# restarted.

if [ -x /usr/lib/postgresql/15/bin/initdb ] && command -v psql >/dev/null; then
  restart_folder=$(mktemp -d /tmp/app-shell-pg-restart.XXXXXX)
  restart_ok=1
  restart_step() {
    echo "FAIL a waiting script survives a server restart: $1"
    [ -n "${2:-}" ] && sed 's/^/    | /' "$2" | head -20
    failed=$((failed + 1))
    restart_ok=0
  }
  if bash "$here/../Support/postgres.sh" start "$restart_folder" >"$work/restart.env" 2>&1; then
    admin_url=$(sed -n 's/^export APP_SHELL_TEST_POSTGRES=//p' "$restart_folder/env")
    base=${admin_url%/postgres}
    hostport=${base##*@}
    suffix=$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')
    mina="mina_$suffix" joon="joon_$suffix"
    mina_url="postgresql://$mina:pw-mina-$suffix@$hostport/restart_db"
    joon_url="postgresql://$joon:pw-joon-$suffix@$hostport/restart_db"
    psql -X -q "$admin_url" -c "CREATE DATABASE restart_db" >/dev/null 2>"$work/restart.err" ||
      restart_step "the database is made" "$work/restart.err"
    cat >"$work/restart-setup.lua" <<LUA
admin.setup()
admin.add_member{name = "$mina", password = "pw-mina-$suffix"}
admin.add_member{name = "$joon", password = "pw-joon-$suffix"}
LUA
    "$binary" --db "$base/restart_db" --no-init "$work/restart-setup.lua" >/dev/null 2>"$work/restart.err" ||
      restart_step "the administrator sets up two members" "$work/restart.err"
    dog='dog = {name = "콩", age = 3, sex = "female", size = "small", keywords = {"shy"}}'
    code=$("$binary" --db "$mina_url" --no-init \
      -e "profiles.save{nickname = '미나', $dog}; print(mates.invite().code)" 2>"$work/restart.err")
    "$binary" --db "$joon_url" --no-init -e "profiles.save{nickname = '준호', $dog}; mates.join('$code')" \
      >/dev/null 2>>"$work/restart.err" ||
      restart_step "joon joins mina" "$work/restart.err"
    cat >"$work/restart-loop.lua" <<'LUA'
app.on("walks%.incoming", function(e)
  if e.view ~= "inbox" then return end
  print("got", e.params.id)
  io.stdout:flush()
  app.stop()
end)
-- Said from inside the loop, once it has looked at least once.
app.after(0.5, function()
  print("waiting")
  io.stdout:flush()
end)
app.loop()
LUA
    "$binary" --db "$mina_url" --no-init --timeout 0 "$work/restart-loop.lua" \
      >"$work/restart-loop.out" 2>"$work/restart-loop.err" &
    loop_pid=$!
    for _ in $(seq 1 100); do grep -q waiting "$work/restart-loop.out" && break; sleep 0.1; done
    grep -q waiting "$work/restart-loop.out" || restart_step "mina's loop starts waiting" "$work/restart-loop.err"
    # Down for 3 s: the loop's looks meanwhile fail (it looks at least every second).
    APP_SHELL_PG_DOWN_SECONDS=3 bash "$here/../Support/postgres.sh" restart "$restart_folder" 2>"$work/restart.err" ||
      restart_step "the server restarts" "$work/restart.err"
    sent=""
    for _ in $(seq 1 50); do
      sent=$("$binary" --db "$joon_url" --no-init \
        -e "print(walks.request{mate = '$mina', message = '다시 걸을까요? 🐕', place = {lat = 37.5, lng = 126.9}}.id)" \
        2>>"$work/restart.err") && [ -n "$sent" ] && break
      sleep 0.2
    done
    [ -n "$sent" ] || restart_step "joon sends a request after the restart" "$work/restart.err"
    # The loop ends by itself once the hook ran (app.stop); 30 s is far past its longest retry.
    for _ in $(seq 1 300); do kill -0 "$loop_pid" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$loop_pid" 2>/dev/null; then
      kill "$loop_pid"
      restart_step "mina's loop gets the request within 30 s" "$work/restart-loop.err"
    fi
    wait "$loop_pid" 2>/dev/null
    if [ "$restart_ok" = 1 ]; then
      got=$(grep -c "^got" "$work/restart-loop.out")
      lost=$(grep -c "the inbox cannot be read" "$work/restart-loop.err")
      back=$(grep -c "the inbox can be read again" "$work/restart-loop.err")
      if grep -qx "got	$sent" "$work/restart-loop.out" && [ "$got" = 1 ] && [ "$lost" = 1 ] && [ "$back" = 1 ]; then
        echo "ok   a waiting script survives a server restart: it says so once, reconnects, and gets the request once"
        passed=$((passed + 1))
      else
        cat "$work/restart-loop.out" >>"$work/restart-loop.err"
        restart_step "the request once ($got), the loss said once ($lost), the return said once ($back)" \
          "$work/restart-loop.err"
      fi
    fi
  else
    restart_step "a cluster of its own starts" "$work/restart.env"
  fi
  bash "$here/../Support/postgres.sh" stop "$restart_folder" >/dev/null 2>&1
else
  echo "skip the restart check: postgresql-15 is not installed (make deps)"
fi
