# Command-line checks of the run limits (--timeout, --max-memory, Ctrl-C and the backstop).
# Sourced by run.sh: uses check, fail, binary, work, mem, passed and failed.

# Absurd values are usage errors (exit 2) with a one-line message, never a trap.
for value in 1e19 nan inf -inf -1 31536001; do
  check "--timeout $value is refused" 2 "" "$binary" "${mem[@]}" --timeout "$value" -e '1'
done
if head -1 "$work/err" | grep -qF "app-shell: --timeout takes seconds from 0 (none) to 31536000 (a year), got '31536001'"; then
  echo "ok   --timeout says what it takes"; passed=$((passed + 1))
else
  fail "--timeout says what it takes" "stderr" "$work/err"
fi
for value in 1e19 nan 0 -5 1.5 1048577 99999999999999999999; do
  check "--max-memory $value is refused" 2 "" "$binary" "${mem[@]}" --max-memory "$value" -e '1'
done
check "--timeout 31536000 is taken" 0 "ok" "$binary" "${mem[@]}" --timeout 31536000 -e 'print("ok")'
for value in 0 1 3601 2.5 -3 abc; do
  check "--connect-timeout $value is refused" 2 "" "$binary" "${mem[@]}" --connect-timeout "$value" -e '1'
done
if head -1 "$work/err" | grep -qF "app-shell: --connect-timeout takes whole seconds from 2 to 3600, got 'abc'"; then
  echo "ok   --connect-timeout says what it takes"; passed=$((passed + 1))
else
  fail "--connect-timeout says what it takes" "stderr" "$work/err"
fi
check "--connect-timeout 2 is taken" 0 "ok" "$binary" "${mem[@]}" --connect-timeout 2 -e 'print("ok")'

# limited NAME SECONDS EXPECTED-EXIT STDERR-TEXT COMMAND...: COMMAND must end within SECONDS
# with that exit code and say STDERR-TEXT.
limited() {
  local name=$1 seconds=$2 want_code=$3 want_err=$4
  shift 4
  timeout "$seconds" "$@" >"$work/out" 2>"$work/err" </dev/null
  local code=$?
  if [ "$code" != "$want_code" ]; then fail "$name" "exit $code, expected $want_code (124: still running after ${seconds} s)" "$work/err"; return; fi
  if ! grep -qF -- "$want_err" "$work/err"; then fail "$name" "stderr lacks: $want_err" "$work/err"; return; fi
  echo "ok   $name"; passed=$((passed + 1))
}

# A blocking read (a FIFO nobody writes to) is woken at the deadline, both in open and in read.
mkfifo "$work/limits.fifo"
limited "a blocking io.open of a FIFO stops at the deadline" 4 1 "timeout: the chunk ran longer than 1 s" \
  "$binary" "${mem[@]}" --timeout 1 -e "io.open('$work/limits.fifo')"
sleep 100 > "$work/limits.fifo" &
holder=$!
limited "a blocking read of a FIFO stops at the deadline" 4 1 "timeout: the chunk ran longer than 1 s" \
  "$binary" "${mem[@]}" --timeout 1 -e "io.open('$work/limits.fifo'):read('a')"
kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null

# Long Swift work (converting a huge table) gives up at the deadline instead of finishing.
limited "a long conversion into Swift stops at the deadline" 4 1 "timeout: the chunk ran longer than 1 s" \
  "$binary" "${mem[@]}" --timeout 1 -e 'local t = {} for i = 1, 4e6 do t[i] = i end while true do json(t) end'

# Ctrl-C: a finalizer that loops cannot be stopped by a hook; a script ends 2 s after
# Ctrl-C, and a second Ctrl-C ends it at once.
printf 'setmetatable({}, {__gc = function() while true do end end})\nprint("ready")\nio.stdout:flush()\ncollectgarbage()\n' > "$work/limits_gc.lua"
interrupt_after() { # interrupt_after SECONDS [SECOND-INTERRUPT-DELAY]: runs limits_gc.lua, sends SIGINT
  "$binary" "${mem[@]}" --timeout 0 "$work/limits_gc.lua" >"$work/out" 2>"$work/err" </dev/null &
  local pid=$! started=$SECONDS
  for _ in $(seq 1 50); do grep -q ready "$work/out" 2>/dev/null && break; sleep 0.1; done
  sleep "$1"; kill -INT "$pid"
  if [ -n "${2:-}" ]; then sleep "$2"; kill -INT "$pid"; fi
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid"; echo "still running"; return; fi
  wait "$pid"; echo "exit $? after $((SECONDS - started)) s"
}
result=$(interrupt_after 0.2)
if [ "${result%% after*}" = "exit 1" ] && grep -qF "app-shell: the script did not stop within 2 s after Ctrl-C; exiting" "$work/err"; then
  echo "ok   Ctrl-C ends a stuck script after the grace"; passed=$((passed + 1))
else
  fail "Ctrl-C ends a stuck script after the grace" "$result" "$work/err"
fi
result=$(interrupt_after 0.2 0.3)
if [ "${result%% after*}" = "exit 130" ] && grep -qF "app-shell: interrupted again while stopping; exiting" "$work/err"; then
  echo "ok   a second Ctrl-C ends a stopping script at once"; passed=$((passed + 1))
else
  fail "a second Ctrl-C ends a stopping script at once" "$result" "$work/err"
fi
