# Checks of start-up and of the binary users run (sourced by run.sh).

# Without VIPSHOME the binary (the Swift runtime linked in) gets its command line, and main
# reserves the variable for libvips before any thread exists.
check "no VIPSHOME: the command line arrives (-e)" 0 "argv ok 보리" \
  env -u VIPSHOME "$binary" "${mem[@]}" -e 'print("argv ok 보리")'
if env -u VIPSHOME "$binary" --version </dev/null 2>/dev/null | grep -q '^app-shell '; then
  echo "ok   no VIPSHOME: --version prints the version"; passed=$((passed + 1))
else
  fail "no VIPSHOME: --version prints the version" "got: $(env -u VIPSHOME "$binary" --version 2>&1 </dev/null | head -1)"
fi

# Start-up pays for no thread it does not need: the sentinel (deadlines, Ctrl-C, SIGTERM)
# is the only thread beside the main one.
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

# Nothing runs before main: no C constructor in the package's sources (start-up reads top
# to bottom in Apps/app-shell/main.swift).
constructors=$(grep -rn '__attribute__((constructor' "$here/../../Modules" "$here/../../Apps" 2>/dev/null)
if [ -z "$constructors" ]; then
  echo "ok   no C constructor in Modules or Apps"; passed=$((passed + 1))
else
  fail "no C constructor in Modules or Apps" "$constructors"
fi

# Nothing beside the binary is ever loaded: a binary copied to a shared folder would
# otherwise load a libpq, libvips, libcurl or libdbus planted beside it. The release build
# has no RUNPATH or RPATH at all, and no library is loaded with RTLD_DEEPBIND (which breaks
# sanitizers and LD_PRELOAD allocators).
if command -v readelf >/dev/null; then
  search_paths=$(readelf -d "$binary" | grep -E '\((RUNPATH|RPATH)\)')
  if [ -z "$search_paths" ]; then
    echo "ok   app-shell has no RUNPATH or RPATH"; passed=$((passed + 1))
  else
    fail "app-shell has no RUNPATH or RPATH" "$search_paths"
  fi
else
  fail "app-shell has no RUNPATH or RPATH" "readelf is missing"
fi
deepbind=$(grep -rn 'RTLD_DEEPBIND\|memfd_create' "$here/../../Modules" "$here/../../Apps" 2>/dev/null)
if [ -z "$deepbind" ]; then
  echo "ok   no RTLD_DEEPBIND and no memfd in Modules or Apps"; passed=$((passed + 1))
else
  fail "no RTLD_DEEPBIND and no memfd in Modules or Apps" "$deepbind"
fi

# An unreachable server is a refusal naming the place, not a crash or a hang.
if env -u VIPSHOME "$binary" --db postgres://nobody@127.0.0.1:9/none -e 'return 1' 2>&1 | grep -q "storage.unavailable"; then
  echo "ok   an unreachable server is storage.unavailable"; passed=$((passed + 1))
else
  fail "an unreachable server is storage.unavailable" \
    "$(env -u VIPSHOME "$binary" --db postgres://nobody@127.0.0.1:9/none -e 'return 1' 2>&1 | head -2)"
fi
