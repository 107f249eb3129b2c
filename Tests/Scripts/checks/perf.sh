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

# No thread before main: CVips's constructor adds VIPSHOME to the environment counting on a
# process with one thread (a new variable reallocates glibc's environment array under any
# reader). The PostgreSQL head start, whose thread runs libpq and reads the environment,
# was begun by a constructor that ran before CVips's; it is begun in main now. ld.so says
# "transferring control" when the initializers are done: the first thread comes after it.
if command -v strace >/dev/null; then
  env -u VIPSHOME LD_DEBUG=files strace -f -e trace=clone3,clone,write,writev -o "$work/headstart.trace" \
    "$binary" --db postgres://nobody@127.0.0.1:9/none -e 'return 1' >/dev/null 2>&1
  transfer=$(grep -n 'transferring control' "$work/headstart.trace" | head -1 | cut -d: -f1)
  first_thread=$(grep -n -E 'clone3?\(' "$work/headstart.trace" | head -1 | cut -d: -f1)
  if [ -n "$transfer" ] && [ -n "$first_thread" ] && [ "$transfer" -lt "$first_thread" ]; then
    echo "ok   the PostgreSQL head start's thread starts after the initializers"; passed=$((passed + 1))
  else
    fail "the PostgreSQL head start's thread starts after the initializers" \
      "control transferred at trace line ${transfer:-none}, first thread at ${first_thread:-none}"
  fi
else
  fail "the PostgreSQL head start's thread starts after the initializers" "strace is missing (make deps installs it)"
fi
