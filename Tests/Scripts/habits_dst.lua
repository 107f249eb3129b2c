-- args: --tz America/New_York --now 2026-11-01T23:30:00-05:00
-- stdout: habits dst ok
-- Days are calendar days, never 86,400 seconds. In New York 2026-11-01 is 25 hours long
-- (clocks fall back at 02:00), and 2026-03-08 is 23 hours long. The clock is 23:30 on
-- 2026-11-01 local time, already 2026-11-02 in UTC; 24 hours earlier is still
-- 2026-11-01 local time, so "yesterday" is only right when counted as days.
local check = require("lib.check")
local fails = check.fails
local periods = check.periods
local states = check.states
local NOW = "2026-11-01T23:30:00-05:00"
assert(app.today() == "2026-11-01", app.today())
assert(app.now() == NOW, app.now())

-- Instants carry the zone's offset at that instant.
local walk = habits.create{name = "Walk", start = "2026-10-30"}
assert(walk.created_at == NOW and walk.updated_at == NOW, walk.created_at)
local c = habits.complete(walk.id)
assert(c.completed_on == "2026-11-01", c.completed_on)
assert(c.recorded_at == NOW, c.recorded_at)
-- Tomorrow here is today in UTC: still the future.
fails("habits.complete", "habits.future_day", habits.complete, walk.id, {on = "2026-11-02"})
habits.complete(walk.id, {on = "2026-10-30"})
habits.complete(walk.id, {on = "2026-10-31"})

-- Statistics across the change: three calendar days, three completions.
local s = habits.stats(walk.id)
assert(s.eligible_tracking_days == 3 and s.total_completed_days == 3, json(s))
assert(s.completion_rate == 1.0 and s.streak.current == 3 and s.streak.longest == 3, json(s))
local s2 = habits.stats(walk.id, {as_of = "2026-10-31"})
assert(s2.eligible_tracking_days == 2 and s2.streak.current == 2, json(s2))

-- Today's list and the calendar know which day is today.
local today = habits.today()
assert(#today == 1 and today[1].state == "completed", json(today))
local nov = habits.calendar(walk.id)
assert(nov.year == 2026 and nov.month == 11 and #nov.days == 30, #nov.days)
assert(nov.days[1].date == "2026-11-01" and nov.days[1].is_today == true and nov.days[1].state == "completed")
assert(nov.days[2].date == "2026-11-02" and nov.days[2].is_today == false and nov.days[2].state == "empty")
assert(nov.can_move_to_next_month == false)
local oct = habits.calendar(walk.id, {year = 2026, month = 10})
assert(#oct.days == 31 and states(oct) == ("e"):rep(29) .. "cc", states(oct))
assert(oct.can_move_to_next_month == true)

-- Archive without today's completion ends yesterday, 2026-10-31 (not 24 hours ago,
-- which is still 2026-11-01); unarchive then reopens the period.
local park = habits.create{name = "Park", start = "2026-10-25"}
local archived = habits.archive(park.id)
assert(periods(archived) == "2026-10-25..2026-10-31", periods(archived))
fails("habits.complete", "habits.outside_tracking_period", habits.complete, park.id)
assert(periods(habits.unarchive(park.id)) == "2026-10-25..")
-- Started today, archived today without a completion: the period is removed.
local fresh = habits.create{name = "Fresh"}
assert(fresh.start_day == "2026-11-01")
assert(#habits.archive(fresh.id).tracking_periods == 0)

-- The spring change: 2026-03-07 ... 2026-03-10 are four days.
local spring = habits.create{name = "Spring", start = "2026-03-07"}
for _, day in ipairs{"2026-03-07", "2026-03-08", "2026-03-09"} do
  assert(habits.complete(spring.id, {on = day}).completed_on == day)
end
local sp = habits.stats(spring.id, {as_of = "2026-03-09"})
assert(sp.eligible_tracking_days == 3 and sp.streak.current == 3 and sp.streak.longest == 3, json(sp))
local sp2 = habits.stats(spring.id, {as_of = "2026-03-10"})
assert(sp2.eligible_tracking_days == 4 and sp2.total_completed_days == 3, json(sp2))
assert(sp2.streak.current == 3, json(sp2))
local sp3 = habits.stats(spring.id, {as_of = "2026-03-11"})
assert(sp3.eligible_tracking_days == 5 and sp3.streak.current == 0 and sp3.streak.longest == 3, json(sp3))
local march = habits.calendar(spring.id, {year = 2026, month = 3})
assert(#march.days == 31, #march.days)
for i, d in ipairs(march.days) do
  assert(d.date == ("2026-03-%02d"):format(i), d.date)
end
assert(states(march) == ("e"):rep(6) .. "ccc" .. ("m"):rep(22), states(march))
-- Whole year: 2026-03-07 ... 2026-11-01 are 240 days.
assert(habits.stats(spring.id).eligible_tracking_days == 240)
local day = habits.day{on = "2026-03-08"}
assert(#day == 1 and day[1].habit.id == spring.id and day[1].state == "completed", json(day))
print("habits dst ok")
