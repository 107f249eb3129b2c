# Checks of start-up (sourced by run.sh).

# With no VIPSHOME, CVips's constructor adds it before main; a binary with the Swift runtime
# linked in (`make build`, `--static-swift-stdlib`) still gets its command line (it was
# handed to the runtime before the environment moved). Before, the static binary saw no
# arguments and ran the REPL.
check "no VIPSHOME: the command line arrives (-e)" 0 "argv ok 보리" \
  env -u VIPSHOME "$binary" "${mem[@]}" -e 'print("argv ok 보리")'
if env -u VIPSHOME "$binary" --version </dev/null 2>/dev/null | grep -q '^app-shell '; then
  echo "ok   no VIPSHOME: --version prints the version"; passed=$((passed + 1))
else
  fail "no VIPSHOME: --version prints the version" "got: $(env -u VIPSHOME "$binary" --version 2>&1 </dev/null | head -1)"
fi

# Start-up pays for no thread it does not need: the sentinel (deadlines, Ctrl-C, SIGTERM)
# is the only thread beside the main one. Before, libdispatch's event thread and workers
# and a SIGTERM thread made four or five, which cost 0.6 ms of every start.
"$binary" "${mem[@]}" -e 'local t = os.clock() while os.clock() - t < 1 do end' >/dev/null 2>&1 &
spinner=$!
sleep 0.4
threads=$(ls "/proc/$spinner/task" 2>/dev/null | wc -l)
wait "$spinner"
if [ "$threads" -ge 1 ] && [ "$threads" -le 2 ]; then
  echo "ok   a running chunk has the main thread and the sentinel only"; passed=$((passed + 1))
else
  fail "a running chunk has the main thread and the sentinel only" "$threads threads"
fi

# All of Foundation links ICU's data and CoreFoundation's constructors into app-shell (81 MB
# instead of 32, and 0.8 M instructions of every start): FoundationEssentials is enough.
full_foundation=$(grep -rlE '^(@preconcurrency )?import Foundation$' "$here/../../Modules" "$here/../../Apps/app-shell" 2>/dev/null)
if [ -z "$full_foundation" ]; then
  echo "ok   no module of app-shell imports all of Foundation"; passed=$((passed + 1))
else
  fail "no module of app-shell imports all of Foundation" "$full_foundation"
fi
