-- A simulated day of timers across New York's spring change: the clock starts
-- at 23:00 on 2026-03-07 and the loop jumps from timer to timer (--clock-speed instant).
-- args: --now 2026-03-07T23:00:00-05:00 --tz America/New_York --clock-speed instant
-- stdout: loop_timers ok
local log, dues = {}, {}
local function note(kind, due)
  log[#log + 1] = kind .. " " .. os.date("%Y-%m-%d %H:%M %Z")
  dues[#dues + 1] = kind .. " " .. due
end

local hourly = app.every(3600, function(_, due) note("hourly", due) end)
app.every("02:30", function(_, due) note("skipped", due) end)      -- 02:30 does not exist on 03-08
app.every("07:30", function(_, due) note("morning", due) end)
local once = app.after(1800, function(_, due) note("after", due) end)
local cancelled = app.after(7200, function(_, due) note("cancelled", due) end)
assert(cancelled:off() == true, "off of a set timer is true")
assert(cancelled:off() == false, "off again is false")
assert(tostring(hourly):match("^timer"), "a timer handle prints as a timer")
app.after(86400 + 120, function()
  assert(once:off() == false, "a fired after-timer is gone")
  app.stop()
end)

local why = app.loop()
assert(why == "stopped", "the loop ended with " .. tostring(why))

local count = {}
for _, line in ipairs(dues) do
  local kind = line:match("^(%a+)")
  count[kind] = (count[kind] or 0) + 1
end
local all = table.concat(dues, "\n")
assert(count.hourly == 24, "24 real hours, got " .. tostring(count.hourly) .. "\n" .. all)
assert(count.skipped == 1 and count.morning == 1 and count.after == 1 and count.cancelled == nil, all)
assert(dues[1]:match("^after "), "the after-timer came first: " .. dues[1])
-- The daily times, exactly: the skipped 02:30 at the first minute after the gap.
local skipped, morning
for i, line in ipairs(dues) do
  if line:match("^skipped") then skipped = i; assert(line == "skipped 2026-03-08T03:00:00-04:00", line) end
  if line:match("^morning") then morning = i; assert(line == "morning 2026-03-08T07:30:00-04:00", line) end
end
assert(skipped < morning, "the skipped 02:30 fired before 07:30")
-- Hourly firings are due an hour apart (whatever the clock reads when they run), and each
-- ran at or after its due minute.
local previous
for i, line in ipairs(dues) do
  local minute = line:match("^hourly %S+T%d+:(%d+)")
  if minute then
    assert(previous == nil or minute == previous, "hourly firings keep their grid: " .. line)
    previous = minute
    assert(log[i]:match("^hourly"), log[i])
  end
end
print("loop_timers ok")
