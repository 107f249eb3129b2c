# Reminders and the README's daily.lua, run as written: a simulated day on a fast clock,
# the systemd user unit verified. Sourced by run.sh (check, fail, $binary, $work, $here, mem).

remind_readme="$here/../../README.md"
# The daily script and the unit, exactly as the README shows them.
awk '/^-- daily.lua/ {grab = 1} grab && /^```$/ {exit} grab' "$remind_readme" > "$work/daily.lua"
awk '/^\[Unit\]$/ {grab = 1} grab && /^```$/ {exit} grab' "$remind_readme" > "$work/app-shell-daily.service"
remind_nobus=(env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR="$work")

# remind_run NAME DB ARGS...: starts daily.lua in the background; sets $remind_pid.
remind_run() {
  local name=$1 db=$2
  shift 2
  "${remind_nobus[@]}" "$binary" --db "$db" --tz Asia/Seoul "$@" "$work/daily.lua" \
    >"$work/daily.out" 2>"$work/daily.err" </dev/null &
  remind_pid=$!
}

# remind_wait_line FILE LINE SECONDS: 0 once FILE holds LINE, 1 after SECONDS.
remind_wait_line() {
  local tries=$(($3 * 20))
  for _ in $(seq 1 "$tries"); do grep -qxF -- "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done
  return 1
}

# remind_stop NAME: SIGTERM; the loop ends, the script prints why and exits 0.
remind_stop() {
  kill -TERM "$remind_pid" 2>/dev/null
  for _ in $(seq 1 100); do kill -0 "$remind_pid" 2>/dev/null || break; sleep 0.05; done
  if kill -0 "$remind_pid" 2>/dev/null; then
    kill -KILL "$remind_pid"
    fail "$1" "still running 5 s after SIGTERM" "$work/daily.err"
    return
  fi
  wait "$remind_pid"
  local code=$?
  if [ "$code" = 0 ] && grep -qxF "daily.lua: the loop ended: terminated" "$work/daily.out"; then
    echo "ok   $1"; passed=$((passed + 1))
  else fail "$1" "exit $code" "$work/daily.out"; fi
}

if [ ! -s "$work/daily.lua" ] || [ ! -s "$work/app-shell-daily.service" ]; then
  fail "the README shows daily.lua and its unit" "not found in README.md"
else
  # A day from 07:00 in Seoul at 36,000 times real time (14 hours in 1.4 s), a Sunday: Floss
  # and Run are due, Gym (Mondays) is not; Run is done at 07:00:05 by another process (as a
  # phone's app would), before the summary at 07:30, which names Floss; at 21:00 Floss's
  # reminder comes, Run's and Gym's do not.
  rm -f "$work/daily.db"*
  "$binary" --db "$work/daily.db" --tz Asia/Seoul --now 2026-11-29T06:00:00+09:00 -e '
    habits.create{name = "Floss 🦷"} habits.create{name = "Run"}
    habits.remind("Floss 🦷", "21:00") habits.remind("Run", "21:00")
    habits.create{name = "Gym", frequency = {weekdays = {"mon"}}} habits.remind("Gym", "21:00")' >/dev/null 2>"$work/daily.err" \
    || fail "daily.lua set-up" "the set-up failed" "$work/daily.err"
  "$binary" --db "$work/daily.db" --tz Asia/Seoul --now 2026-11-29T07:00:05+09:00 -e 'habits.complete("Run")' \
    >/dev/null 2>&1
  remind_run "daily.lua" "$work/daily.db" --now 2026-11-29T07:00:00+09:00 --clock-speed 36000
  if remind_wait_line "$work/daily.err" "app-shell: notify: Good morning — Today: Floss 🦷" 10; then
    echo "ok   the README's daily.lua sums up the day at 07:30"; passed=$((passed + 1))
  else fail "the README's daily.lua sums up the day at 07:30" "no summary" "$work/daily.err"; fi
  if remind_wait_line "$work/daily.err" "app-shell: notify: Not done yet: Floss 🦷 — It is 21:00." 10; then
    echo "ok   the README's daily.lua reminds at 21:00 of what is not done"; passed=$((passed + 1))
  else fail "the README's daily.lua reminds at 21:00 of what is not done" "no reminder" "$work/daily.err"; fi
  sleep 0.2
  if grep -qE "Not done yet: (Run|Gym)" "$work/daily.err"; then
    fail "a habit done or not due is not reminded" "Run or Gym was reminded" "$work/daily.err"
  else echo "ok   a habit done by 21:00, or not due that day, is not reminded"; passed=$((passed + 1)); fi
  remind_stop "the README's daily.lua ends on SIGTERM and exits 0"
  check "the reminder was stored as an event, the habit by its id" 0 "1" "$binary" --db "$work/daily.db" \
    -e 'local n = 0 for _, e in ipairs(events.list{}) do if e.name == "habits.reminder" then n = n + 1 end end print(n)'

  # Walk requests waiting when it starts: the friendly mate's is accepted, the shy one's not.
  rm -f "$work/walks.db"*
  "$binary" --db "$work/walks.db" --tz Asia/Seoul --now 2026-11-29T07:00:00+09:00 -e '
    local function dog(nickname, keyword)
      profiles.save{nickname = nickname, dog = {name = "D", age = 2, sex = "female", size = "small", keywords = {keyword}}}
    end
    app.login("me") dog("나야", "shy")
    local codes = {mates.invite().code, mates.invite().code}
    app.login("mina") dog("미나", "friendly") mates.join(codes[1])
    walks.request{mate = "me", message = "한강 갈래?", place = {lat = 37.5, lng = 126.9, name = "망원"}}
    app.login("joon") dog("준이", "shy") mates.join(codes[2])
    walks.request{mate = "me", message = "walk?", place = {lat = 37.5, lng = 126.9}}' \
    >/dev/null 2>"$work/daily.err" || fail "walks set-up" "the set-up failed" "$work/daily.err"
  remind_run "daily.lua walks" "$work/walks.db" --now 2026-11-29T07:00:10+09:00 --clock-speed 1
  if remind_wait_line "$work/daily.err" "app-shell: notify: Walk accepted — with mina at 망원" 10; then
    echo "ok   the README's daily.lua accepts a walk with a friendly dog"; passed=$((passed + 1))
  else fail "the README's daily.lua accepts a walk with a friendly dog" "not accepted" "$work/daily.err"; fi
  remind_stop "daily.lua with walks ends on SIGTERM"
  check "a walk with a shy dog is left pending" 0 "joon pending mina accepted" "$binary" --db "$work/walks.db" \
    --now 2026-11-29T07:00:20+09:00 -e '
    local out = {} for _, r in ipairs(walks.incoming{}) do out[#out + 1] = r.from .. " " .. r.status end
    table.sort(out) print(table.concat(out, " "))'

  # The unit: systemd's own check when there, else its keys.
  unit="$work/app-shell-daily.service"
  if grep -qxF "Restart=on-failure" "$unit" && grep -qxF "StandardError=journal" "$unit" \
    && grep -qxF "ExecStart=%h/.local/bin/app-shell %h/.config/app-shell/daily.lua" "$unit" \
    && grep -qxF "WantedBy=default.target" "$unit"; then
    echo "ok   the README's unit restarts on failure, runs daily.lua and logs to the journal"; passed=$((passed + 1))
  else fail "the README's unit has its keys" "a key is missing" "$unit"; fi
  if command -v systemd-analyze >/dev/null; then
    mkdir -p "$work/unit-home/.local/bin" "$work/unit-home/.config/app-shell" "$work/unit-run"
    chmod 700 "$work/unit-run"
    ln -sf "$binary" "$work/unit-home/.local/bin/app-shell"
    cp "$work/daily.lua" "$work/unit-home/.config/app-shell/daily.lua"
    if HOME="$work/unit-home" XDG_RUNTIME_DIR="$work/unit-run" systemd-analyze --user verify "$unit" \
      >"$work/verify.out" 2>&1 && [ ! -s "$work/verify.out" ]; then
      echo "ok   systemd-analyze --user verify takes the README's unit"; passed=$((passed + 1))
    else fail "systemd-analyze --user verify takes the README's unit" "it complains" "$work/verify.out"; fi
  else
    echo "skip systemd-analyze verify (not installed)"
  fi
fi
