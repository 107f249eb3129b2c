-- args: --tz America/Santiago --now 2026-09-06T01:30:00-03:00
-- stdout: habits dst midnight ok
-- In Santiago the clocks jump from 00:00 to 01:00 on 2026-09-06: that day has no
-- midnight. On 2026-04-04 23:59:59 -03 comes 23:00 -04, a 25-hour day. Days still count
-- as a calendar counts them.
local check = require("lib.check")
local periods = check.periods
local NOW = "2026-09-06T01:30:00-03:00"
assert(app.today() == "2026-09-06", app.today())
assert(app.now() == NOW, app.now())

local h = habits.create{name = "Tea", start = "2026-09-04"}
assert(h.created_at == NOW, h.created_at)
habits.complete(h.id, {on = "2026-09-04"})
habits.complete(h.id, {on = "2026-09-05"})
local c = habits.complete(h.id)
assert(c.completed_on == "2026-09-06" and c.recorded_at == NOW, json(c))
local s = habits.stats(h.id)
assert(s.eligible_tracking_days == 3 and s.total_completed_days == 3, json(s))
assert(s.streak.current == 3 and s.streak.longest == 3, json(s))

local sep = habits.calendar(h.id)
assert(sep.year == 2026 and sep.month == 9 and #sep.days == 30, #sep.days)
for i, d in ipairs(sep.days) do
  assert(d.date == ("2026-09-%02d"):format(i), d.date)
  assert(d.is_today == (i == 6), d.date)
end
assert(sep.days[5].state == "completed" and sep.days[6].state == "completed" and sep.days[7].state == "empty")
local day = habits.day{on = "2026-09-06"}
assert(#day == 1 and day[1].state == "completed", json(day))
assert(#habits.today() == 1)

-- Archive on the day without a midnight: ends yesterday without today's completion.
local walk = habits.create{name = "Walk", start = "2026-08-30"}
assert(periods(habits.archive(walk.id)) == "2026-08-30..2026-09-05")
assert(periods(habits.unarchive(walk.id)) == "2026-08-30..")
local fresh = habits.create{name = "Fresh"}
assert(fresh.start_day == "2026-09-06")
assert(#habits.archive(fresh.id).tracking_periods == 0)

-- The 25-hour day in April: 2026-04-03 ... 2026-04-06 are four days.
local april = habits.create{name = "April", start = "2026-04-03"}
for _, d in ipairs{"2026-04-03", "2026-04-04", "2026-04-05", "2026-04-06"} do
  assert(habits.complete(april.id, {on = d}).completed_on == d)
end
local sa = habits.stats(april.id, {as_of = "2026-04-06"})
assert(sa.eligible_tracking_days == 4 and sa.total_completed_days == 4 and sa.streak.longest == 4, json(sa))
local cal = habits.calendar(april.id, {year = 2026, month = 4})
assert(#cal.days == 30)
for i, d in ipairs(cal.days) do assert(d.date == ("2026-04-%02d"):format(i), d.date) end
assert(cal.days[4].state == "completed" and cal.days[5].state == "completed")
print("habits dst midnight ok")
