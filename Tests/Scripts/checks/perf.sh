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
