-- Timers refuse bad arguments with AppErrors that give the limits; the loop ends "idle" when
-- nothing is left to run; app.loop cannot nest; app.stop outside a loop does nothing.
-- args: --clock-speed instant
-- stdout: loop_arguments ok
local check = require("lib.check")
local fn = function() end
local err = check.fails("app.every", "invalid_argument", function() app.every(0.01, fn) end)
assert(err.field == "seconds" and err.message:find("0.1 to 31622400", 1, true), err.message)
assert(err.where == "loop_arguments.lua:7: ", "the error names the script's line: " .. err.where)
check.fails("app.every", "invalid_argument", app.every, 31622401, fn)
check.fails("app.every", "invalid_argument", app.every, 0 / 0, fn)
err = check.fails("app.every", "invalid_argument", app.every, "25:00", fn)
assert(err.field == "time" and err.message:find("00:00 to 23:59", 1, true), err.message)
check.fails("app.every", "invalid_argument", app.every, "7:5", fn)
check.fails("app.every", "invalid_argument", app.every, {}, fn)
err = check.fails("app.every", "invalid_argument", app.every, 60, "not a function")
assert(err.field == "fn", err.field)
err = check.fails("app.after", "invalid_argument", app.after, -1, fn)
assert(err.message:find("0 to 31622400", 1, true), err.message)
check.fails("app.after", "invalid_argument", app.after, "07:30", fn)

local handles = {}
for i = 1, 1000 do handles[i] = app.after(60, fn) end
err = check.fails("app.every", "app.too_many_timers", app.every, 60, fn)
assert(err.message:find("1000", 1, true), err.message)
for _, handle in ipairs(handles) do assert(handle:off()) end

app.stop()                                  -- no loop: nothing happens
local nested
app.after(1, function()
  nested = select(2, pcall(app.loop))
end)
assert(app.loop() == "idle", "the loop ends when no timer and no hook is left")
assert(type(nested) == "table" and nested.code == "app.loop_running", tostring(nested))

-- Timers run in the order they are due; a callback may set new ones. "c" is due 300 s (0.3 s
-- of real time at this speed) after "b", so a slow callback on a loaded machine or a server
-- round trip cannot swap them.
local order = {}
app.after(302, function() order[#order + 1] = "c" end)
app.after(1, function()
  order[#order + 1] = "a"
  app.after(1, function() order[#order + 1] = "b" end)
end)
assert(app.loop() == "idle")
assert(table.concat(order) == "abc", table.concat(order))
print("loop_arguments ok")
