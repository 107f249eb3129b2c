# app.loop from outside: signals end the loop and the script goes on; an idle loop sleeps.
# Sourced by run.sh (check, fail, $binary, $work, mem).

# loop_start NAME SCRIPT ARGS...: starts SCRIPT (which prints "waiting" once in its loop's
# reach) in the background, after the words of $loop_prefix (an env command) if set; sets
# $loop_pid, or fails NAME when it never gets there.
loop_prefix=()
loop_start() {
  local name=$1 script=$2
  shift 2
  printf '%s\n' "$script" > "$work/loop.lua"
  ${loop_prefix[@]+"${loop_prefix[@]}"} "$binary" "$@" "$work/loop.lua" >"$work/loop.out" 2>"$work/loop.err" </dev/null &
  loop_pid=$!
  for _ in $(seq 1 100); do
    grep -q waiting "$work/loop.out" 2>/dev/null && return 0
    sleep 0.05
  done
  fail "$name" "the loop never started" "$work/loop.err"
  kill -KILL "$loop_pid" 2>/dev/null
  return 1
}

# loop_end NAME SIGNAL EXPECTED-EXIT EXPECTED-LINE: sends SIGNAL, waits at most 5 s.
loop_end() {
  local name=$1 signal=$2 want_code=$3 want_line=$4 code
  sleep 0.2
  kill -"$signal" "$loop_pid"
  for _ in $(seq 1 100); do kill -0 "$loop_pid" 2>/dev/null || break; sleep 0.05; done
  if kill -0 "$loop_pid" 2>/dev/null; then
    kill -KILL "$loop_pid"
    fail "$name" "still running 5 s after SIG$signal" "$work/loop.err"
    return
  fi
  wait "$loop_pid"
  code=$?
  if [ "$code" != "$want_code" ]; then fail "$name" "exit $code, expected $want_code" "$work/loop.err"; return; fi
  if ! grep -qxF -- "$want_line" "$work/loop.out"; then fail "$name" "stdout lacks: $want_line" "$work/loop.out"; return; fi
  echo "ok   $name"; passed=$((passed + 1))
}

waiting='app.every(3600, function() print("hourly") end)
habits.create{name = "Floss"}
print("waiting") io.stdout:flush()
print("loop: " .. app.loop())
print("after the loop", #habits.list())'

# SIGTERM ends the loop, which stores the buffered events; the script goes on and exits 0.
rm -f "$work/loop-term.db"*
if loop_start "SIGTERM ends the loop" "$waiting" --db "$work/loop-term.db" --no-init; then
  loop_end "SIGTERM ends the loop and the script goes on" TERM 0 "loop: terminated"
fi

# The events are stored when the loop returns, not only at exit: the script below spins
# after its loop, and another process finds its buffered read (habits.list) stored.
rm -f "$work/loop-store.db"*
stored='habits.list()
print("waiting") io.stdout:flush()
app.every(3600, function() end)
print("loop: " .. app.loop()) io.stdout:flush()
while true do end'
if loop_start "events stored by the loop" "$stored" --db "$work/loop-store.db" --timeout 0; then
  sleep 0.3
  kill -TERM "$loop_pid"
  for _ in $(seq 1 100); do grep -q "loop: terminated" "$work/loop.out" && break; sleep 0.05; done
  check "the loop stored the buffered events when SIGTERM ended it" 0 "habits.list" "$binary" \
    --db "$work/loop-store.db" -e 'for _, e in ipairs(events.list{}) do print(e.name) end'
  kill -TERM "$loop_pid"   # a second SIGTERM, with no loop running, ends the process: 143
  wait "$loop_pid"
  code=$?
  if [ "$code" = 143 ]; then echo "ok   a SIGTERM after the loop ends the process (143)"; passed=$((passed + 1))
  else fail "a SIGTERM after the loop ends the process (143)" "exit $code" "$work/loop.err"; fi
fi

# Ctrl-C ends the loop, not the script; the script's own --timeout (1 s) stood still meanwhile.
if loop_start "Ctrl-C ends the loop" "$waiting" "${mem[@]}" --timeout 1; then
  sleep 1.2
  loop_end "Ctrl-C ends the loop and the script goes on" INT 0 "after the loop	1"
fi

# Ctrl-C while a callback runs stops it, and ends the loop.
spin='app.every(0.1, function() print("waiting") io.stdout:flush() while true do end end)
print("loop: " .. app.loop())'
if loop_start "Ctrl-C in a callback" "$spin" "${mem[@]}" --timeout 0; then
  loop_end "Ctrl-C stops a runaway callback and ends the loop" INT 0 "loop: interrupted"
fi

# An idle loop sleeps: its process uses next to no CPU (utime + stime from /proc) over 3 s.
if loop_start "idle loop" "$waiting" "${mem[@]}"; then
  sleep 0.5   # past the start-up's last instructions
  before=$(awk '{print $14 + $15}' "/proc/$loop_pid/stat")
  sleep 3
  after=$(awk '{print $14 + $15}' "/proc/$loop_pid/stat")
  ticks=$((after - before))
  # Clock ticks of 10 ms: at most 2 in 3 s is under 1 % of a core.
  if [ "$ticks" -le 2 ]; then echo "ok   an idle loop uses no CPU ($ticks ticks in 3 s)"; passed=$((passed + 1))
  else fail "an idle loop uses no CPU" "$ticks clock ticks in 3 s"; fi
  loop_end "the idle loop ends on SIGTERM" TERM 0 "loop: terminated"
fi

# A clock that stands still (--now alone) never brings a timer: the loop says so.
if loop_start "still clock" "$waiting" "${mem[@]}" --now 2026-11-29T08:00:00+09:00; then
  sleep 0.2
  if grep -qF "the clock stands still (--now without --clock-speed): timers will not fire" "$work/loop.err"; then
    echo "ok   a still clock is reported"; passed=$((passed + 1))
  else fail "a still clock is reported" "no warning" "$work/loop.err"; fi
  loop_end "the still loop ends on Ctrl-C" INT 0 "loop: interrupted"
fi

check "--clock-speed moves the clock" 0 "true" "$binary" "${mem[@]}" --now 2026-11-29T08:00:00+09:00 \
  --clock-speed 100000 -e 'local t = os.time() local c = os.clock() while os.clock() - c < 0.05 do end print(os.time() - t >= 1000)'
check "--clock-speed 0 is a usage error" 2 "" "$binary" "${mem[@]}" --clock-speed 0 -e '1'
check "--clock-speed too fast is a usage error" 2 "" "$binary" "${mem[@]}" --clock-speed 2000000 -e '1'
check "--clock-speed not a number is a usage error" 2 "" "$binary" "${mem[@]}" --clock-speed fast -e '1'

# app.notify without a session bus: one line on standard error, control characters neutralised.
nobus=(env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR="$work")
check "app.notify without a bus says stderr" 0 "stderr" "${nobus[@]}" "$binary" "${mem[@]}" \
  -e 'print(app.notify("Floss 🦷", "치실\n했나요?\27[31m"))'
if grep -qxF "app-shell: notify: Floss 🦷 — 치실 / 했나요? [31m" "$work/err"; then
  echo "ok   app.notify writes one neutralised line on standard error"; passed=$((passed + 1))
else fail "app.notify writes one neutralised line on standard error" "not the line" "$work/err"; fi

check "app.notify's limits and its event" 0 "loop_notify ok" "${nobus[@]}" "$binary" "${mem[@]}" \
  --now 2026-11-29T08:00:00+09:00 --tz Asia/Seoul "$here/checks/loop_notify.lua"

# With a session bus and a notification service (a test one, when python3-dbus and
# python3-gi are there): the notification reaches the service, markup escaped.
service="$here/../Support/notification-service.py"
if command -v dbus-run-session >/dev/null && /usr/bin/python3 -c 'import dbus, gi' 2>/dev/null; then
  rm -f "$work/notes.log"
  dbus-run-session -- bash -c '
    /usr/bin/python3 "$1" "$2/notes.log" > "$2/service.out" 2>&1 &
    for _ in $(seq 1 50); do grep -q ready "$2/service.out" && break; sleep 0.1; done
    "$3" --db :memory: -e "print(app.notify(\"Walk 🐕\", \"with <b>Mina</b> & Bori\nat 7\"))" > "$2/out" 2> "$2/err"
    kill %1' _ "$service" "$work" "$binary" 2>/dev/null
  if grep -qxF "desktop" "$work/out" && grep -qxF 'app-shell|Walk 🐕|with &lt;b&gt;Mina&lt;/b&gt; &amp; Bori\nat 7' "$work/notes.log"; then
    echo "ok   app.notify reaches the freedesktop notification service"; passed=$((passed + 1))
  else fail "app.notify reaches the freedesktop notification service" "not delivered" "$work/err"; fi
  # A bus without the service: the line on standard error instead.
  dbus-run-session -- "$binary" --db :memory: -e 'print(app.notify("No service"))' > "$work/out" 2> "$work/err"
  if grep -qxF "stderr" "$work/out" && grep -qxF "app-shell: notify: No service" "$work/err"; then
    echo "ok   app.notify falls back to standard error when no service answers"; passed=$((passed + 1))
  else fail "app.notify falls back to standard error when no service answers" "no fallback" "$work/err"; fi
else
  echo "skip app.notify over D-Bus (needs dbus-run-session, python3-dbus and python3-gi)"
fi

# The README's evening.lua runs as written: at 21:00 (half an hour after the start, half a
# second at 3600 times real time) it notifies of the pending habit; SIGTERM ends its loop.
evening=$(awk '/^-- evening.lua/ {grab = 1} grab && /^```$/ {exit} grab' "$here/../../README.md")
rm -f "$work/evening.db"*
"$binary" --db "$work/evening.db" --now 2026-11-29T08:00:00+09:00 --tz Asia/Seoul -e 'habits.create{name = "Floss"}' >/dev/null 2>&1
loop_prefix=("${nobus[@]}")
if loop_start "README evening.lua" "print('waiting') io.stdout:flush()
$evening" --db "$work/evening.db" --now 2026-11-29T20:30:00+09:00 --tz Asia/Seoul --clock-speed 3600; then
  for _ in $(seq 1 60); do grep -q "notify" "$work/loop.err" && break; sleep 0.05; done
  if grep -qxF "app-shell: notify: Not done yet — Floss" "$work/loop.err"; then
    echo "ok   the README's evening.lua notifies at 21:00"; passed=$((passed + 1))
  else fail "the README's evening.lua notifies at 21:00" "no notification" "$work/loop.err"; fi
  loop_end "the README's evening.lua ends on SIGTERM" TERM 0 "the loop ended: terminated"
fi
loop_prefix=()
