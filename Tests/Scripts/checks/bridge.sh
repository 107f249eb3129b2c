# Checks of the Lua bridge (sourced by run.sh).

# The coroutine functions CLua copies from lcorolib.c (Modules/CLua/corolib.c) behave as
# lua5.4's own: the same results and messages, side by side with the lua5.4 binary.
if command -v lua5.4 >/dev/null 2>&1; then
  cat > "$work/corolib.lua" <<'LUA'
local out = {}
local function note(...) local t = table.pack(...) for i = 1, t.n do out[#out + 1] = tostring(t[i]) end end
local co = coroutine.create(function(a, b) local c = coroutine.yield(a + b); error("boom " .. c, 0) end)
note(coroutine.resume(co, 1, 2))
note(coroutine.resume(co, 3))
note(coroutine.resume(co))
note(pcall(coroutine.resume, 42))
note(coroutine.close(co))
note(coroutine.close(coroutine.create(print)))
note(pcall(coroutine.close, coroutine.running()))
local w = coroutine.wrap(function() coroutine.yield(1); error("wrapped") end)
note(w())
note(select(2, pcall(w)))
note(select(2, pcall(w)))
note(pcall(coroutine.wrap, 1))
local closed = {}
local c2 = coroutine.create(function() local x <close> = setmetatable({}, {__close = function() closed[1] = "closed" end}); coroutine.yield() end)
coroutine.resume(c2)
note(coroutine.close(c2), closed[1], coroutine.status(c2))
local inner = coroutine.wrap(function() local t = coroutine.wrap(function() coroutine.yield("deep") end); coroutine.yield(t()) end)
note(inner())
print(table.concat(out, "|"))
LUA
  lua5.4 "$work/corolib.lua" > "$work/corolib.want" 2>&1
  "$binary" "${mem[@]}" "$work/corolib.lua" > "$work/corolib.got" 2>&1
  if cmp -s "$work/corolib.want" "$work/corolib.got"; then
    echo "ok   coroutine functions as lua5.4's"; passed=$((passed + 1))
  else
    diff "$work/corolib.want" "$work/corolib.got" > "$work/corolib.diff"
    fail "coroutine functions as lua5.4's" "output differs from lua5.4's (< lua5.4, > app-shell)" "$work/corolib.diff"
  fi
fi

# show() of a calendar and of statistics (presenters Habits declares with its shapes) prints
# what it printed when the presenters were part of the shell: golden files recorded then.
golden="$here/golden"
"$binary" --db "$work/show_habits.db" "${defaults[@]}" "$golden/show_habits.lua" > "$work/show.out" 2> "$work/show.err"
if cmp -s "$golden/show_habits.txt" "$work/show.out"; then
  echo "ok   show() of a calendar and statistics"; passed=$((passed + 1))
else
  diff "$golden/show_habits.txt" "$work/show.out" > "$work/show.diff"; cat "$work/show.err" >> "$work/show.diff"
  fail "show() of a calendar and statistics" "differs from golden/show_habits.txt" "$work/show.diff"
fi
"$binary" "${mem[@]}" "${defaults[@]}" \
  -e 'habits.create{name="Run"}; habits.complete("Run"); return habits.calendar("Run"), habits.stats("Run")' \
  > "$work/show.out" 2> "$work/show.err"
if cmp -s "$golden/show_habits_e.txt" "$work/show.out"; then
  echo "ok   -e shows a calendar and statistics"; passed=$((passed + 1))
else
  diff "$golden/show_habits_e.txt" "$work/show.out" > "$work/show.diff"; cat "$work/show.err" >> "$work/show.diff"
  fail "-e shows a calendar and statistics" "differs from golden/show_habits_e.txt" "$work/show.diff"
fi
