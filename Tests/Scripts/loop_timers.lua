-- A simulated day of timers across New York's spring change, in about 3 s: the clock starts
-- at 23:00 on 2026-03-07 and runs 28,800 times real time; the timers follow it.
-- args: --now 2026-03-07T23:00:00-05:00 --tz America/New_York --clock-speed 28800
-- stdout: loop_timers ok
local log = {}
local function note(kind) log[#log + 1] = kind .. " " .. os.date("%Y-%m-%d %H:%M %Z") end

local hourly = app.every(3600, function() note("hourly") end)
app.every("02:30", function() note("skipped") end)      -- 02:30 does not exist on 03-08
app.every("07:30", function(t) note("morning") end)
local once = app.after(1800, function(t) note("after") end)
local cancelled = app.after(7200, function() note("cancelled") end)
assert(cancelled:off() == true, "off of a set timer is true")
assert(cancelled:off() == false, "off again is false")
assert(tostring(hourly):match("^timer"), "a timer handle prints as a timer")
app.after(86400 + 120, function()
  assert(once:off() == false, "a fired after-timer is gone")
  app.stop()
end)

local why = app.loop()
assert(why == "stopped", "the loop ended with " .. tostring(why))

local kinds, count = {}, {}
for _, line in ipairs(log) do
  local kind = line:match("^(%a+)")
  kinds[#kinds + 1] = kind
  count[kind] = (count[kind] or 0) + 1
end
assert(count.hourly == 24, "24 real hours, got " .. tostring(count.hourly) .. "\n" .. table.concat(log, "\n"))
assert(count.skipped == 1 and count.morning == 1 and count.after == 1 and count.cancelled == nil, table.concat(log, "\n"))
assert(kinds[1] == "after", "the after-timer came first: " .. log[1])
local skipped, morning
for i, line in ipairs(log) do
  if line:match("^skipped") then skipped = i; assert(line == "skipped 2026-03-08 03:00 EDT", line) end
  if line:match("^morning") then morning = i; assert(line == "morning 2026-03-08 07:30 EDT", line) end
end
assert(skipped < morning, "the skipped 02:30 fired before 07:30")
-- Timers are set relative to when they were set: the hourly ones keep an hour apart.
local previous
for _, line in ipairs(log) do
  local hour = line:match("^hourly %S+ (%d+):")
  if hour and previous then assert(tonumber(hour) ~= previous, "two hourly firings in one hour: " .. line) end
  previous = hour and tonumber(hour) or previous
end
print("loop_timers ok")
