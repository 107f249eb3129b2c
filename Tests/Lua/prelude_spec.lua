-- The prelude (Modules/Scripting/Resources/prelude.lua) under plain lua5.4, with stand-ins
-- for the three things the engine hands it: json, show and write. Run from the repository
-- root by `make test`: lua5.4 Tests/Lua/prelude_spec.lua
local function eq(got, want, what)
  if got ~= want then error((what or "value") .. ": got " .. tostring(got) .. ", want " .. tostring(want), 2) end
end

-- The prelude keeps io.stderr at load: give it one that records.
local reported = {}
local real_stderr = io.stderr
io.stderr = { write = function(_, text) reported[#reported + 1] = text end }
local written, shown = {}, {}
local chunk = assert(loadfile("Modules/Scripting/Resources/prelude.lua", "t"))
local prelude = chunk(function(v) return "J(" .. tostring(v) .. ")" end,
  function(v) shown[#shown + 1] = v end,
  function(text) written[#written + 1] = text end)
io.stderr = real_stderr

-- Error tables print as where, route, message and code.
local e = setmetatable({ code = "habits.not_found", message = "no habit 'Run'", route = "habits.get",
  where = "s.lua:3: " }, prelude.error_metatable)
eq(tostring(e), "s.lua:3: habits.get: no habit 'Run' [habits.not_found]", "error text")
eq(getmetatable(e), "locked", "error metatable is locked")
eq(tostring(setmetatable({ message = "bare" }, prelude.error_metatable)), "bare", "bare error")

-- A read-only module: reads through, writes raise naming the module, pairs sees a copy.
local real = { a = 1, b = 2 }
local mt = prelude.readonly("habits", real)
local proxy = setmetatable({}, mt)
eq(proxy.a, 1, "read through")
local ok, err = pcall(function() proxy.c = 3 end)
eq(ok, false, "write refused")
assert(err:find("habits is read-only (cannot set 'c')", 1, true), err)
local count = 0
for k, v in mt.__pairs() do count = count + 1; eq(real[k], v, "pairs value") end
eq(count, 2, "pairs walks every key")
eq(mt.__tostring(), "module habits", "module name")

-- A module filled on first use: once, by whichever read comes first, then plain reads.
for _, first in ipairs({ "index", "pairs", "len" }) do
  local empty, fills = {}, 0
  local lazy = prelude.readonly("walks", empty, function(t) fills = fills + 1; t[1] = "x"; t.send = "fn" end)
  local module = setmetatable({}, lazy)
  if first == "index" then eq(module.send, "fn", "filled on index")
  elseif first == "pairs" then local n = 0 for _ in lazy.__pairs() do n = n + 1 end eq(n, 2, "filled on pairs")
  else eq(lazy.__len(), 1, "filled on len") end
  eq(module.send, "fn", "read after the fill (" .. first .. ")")
  eq(fills, 1, "filled once (" .. first .. ")")
  eq(lazy.__index, empty, "__index is the table after the fill (" .. first .. ")")
end
local failing, tries = {}, 0
local retried = prelude.readonly("mates", failing, function(t)
  tries = tries + 1
  if tries == 1 then error("not yet") end
  t.list = "fn"
end)
local mates = setmetatable({}, retried)
eq(pcall(function() return mates.list end), false, "a failed fill raises")
eq(mates.list, "fn", "the next read fills again")

-- trace.span: the interval closes however fn ends; results and errors pass through.
local log = {}
local span = prelude.span_with(function(name) log[#log + 1] = "begin " .. name; return 7 end,
  function(handle) log[#log + 1] = "end " .. handle end)
local a, b = span("s", function(x, y) return x + y, "two" end, 40, 2)
eq(a, 42, "span result"); eq(b, "two", "second result")
ok, err = pcall(span, "t", function() error({ code = "x" }) end)
eq(ok, false, "span raises fn's error"); eq(err.code, "x", "the same error value")
eq(table.concat(log, ","), "begin s,end 7,begin t,end 7", "every interval closed")
local unrecorded = prelude.span_with(function() return nil end, function() error("never called") end)
eq(unrecorded("u", function() return "ran" end), "ran", "no signposter: fn still runs")

-- app.on: hooks by anchored pattern; off removes; bad arguments are refused.
local counts = {}
local on = prelude.on_with(function(n) counts[#counts + 1] = n end)
local seen = {}
local hook = on("walks%.log", function(event) seen[#seen + 1] = event.name end)
on("walks", function() error("boom") end)
prelude.run_hooks({ { name = "walks.log" }, { name = "walks.logged" }, { name = "walks" } })
eq(table.concat(seen, ","), "walks.log", "anchored pattern")
eq(#reported, 1, "a failing hook is reported")
assert(reported[1]:find('app.on("walks") hook failed on walks: ', 1, true), reported[1])
eq(hook:off(), true, "off"); eq(hook:off(), false, "off twice")
eq(table.concat(counts, ","), "1,2,1", "the engine is told the count")
ok, err = pcall(on, "[", print)
assert(not ok and err:find("a Lua pattern expected", 1, true), err)
ok, err = pcall(on, "x", 42)
assert(not ok and err:find("function expected", 1, true), err)
-- When the engine refuses the count (no recorder can be made), app.on raises and keeps no hook.
local refusing = prelude.on_with(function(n) if n > 0 then error({ code = "internal" }) end end)
ok, err = pcall(refusing, "x", function() seen[#seen + 1] = "refused hook ran" end)
eq(ok, false, "refused"); eq(err.code, "internal", "the engine's error")
seen = {}
prelude.run_hooks({ { name = "x" } })
eq(#seen, 0, "the refused hook never runs")
prelude.run_hooks("nested too deeply")
assert(reported[2]:find("app.on hooks skipped: nested too deeply", 1, true), reported[2])

-- The driver: "show" shows each result and keeps the first in _, "json" writes lines.
local r1, r2 = prelude.driver("show", function(...) return ... end, 1, "x")
eq(r1, 1, "driver returns results"); eq(r2, "x", "second")
eq(#shown, 2, "each result shown"); eq(_, 1, "_ holds the first result")
prelude.driver("show", function() return nil end)
eq(#shown, 2, "a lone nil is not shown")
prelude.driver("json", function() return 1, true end)
eq(table.concat(written), "J(1)\nJ(true)\n", "json lines through write")
prelude.driver("none", function() return 3 end)
eq(#written, 2, "scripts print nothing")
print("prelude_spec: ok")
