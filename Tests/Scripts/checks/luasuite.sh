# Lua 5.4.4's own test suite through `app-shell --allow-io` (sourced by run.sh).
#
# The suite is vendored in Tests/Lua/lua-5.4.4-tests (Lua's MIT licence, unchanged). Each
# file but all.lua and heavy.lua (which runs until memory runs out, under lua5.4 too) runs
# as all.lua runs it, with `_port = true` and `_soft = true` set first, from a copy of the
# folder (the files write temporary files beside themselves). A file that fails through
# app-shell fails the check when it passes under lua5.4; the suite as a whole must pass
# through app-shell in at least the 31 files that pass under lua5.4 5.4.4.
suite="$here/../Lua/lua-5.4.4-tests"
cp -R "$suite" "$work/luasuite"
chmod -R u+w "$work/luasuite"
suite="$work/luasuite"
suite_passed=0
suite_started=$(date +%s%N)
for file in "$suite"/*.lua; do
  name=$(basename "$file" .lua)
  case "$name" in all | heavy) continue ;; esac
  (cd "$suite" && "$binary" "${mem[@]}" --allow-io -e '_port = true _soft = true' "$name.lua" \
      >"$work/out" 2>"$work/err" </dev/null)
  code=$?
  if [ "$code" = 0 ]; then
    suite_passed=$((suite_passed + 1))
  elif (cd "$suite" && lua5.4 -e '_port = true _soft = true' "$name.lua" >/dev/null 2>&1 </dev/null); then
    fail "Lua's test suite: $name.lua passes under lua5.4, not through app-shell --allow-io" "exit $code" "$work/err"
  else
    echo "skip Lua's test suite: $name.lua fails under lua5.4 too"
  fi
done
suite_ms=$((($(date +%s%N) - suite_started) / 1000000))
if [ "$suite_passed" -ge 31 ]; then
  echo "ok   Lua's test suite: $suite_passed files pass through app-shell --allow-io (${suite_ms} ms)"; passed=$((passed + 1))
else
  fail "Lua's test suite" "$suite_passed files passed through app-shell, expected at least 31"
fi
