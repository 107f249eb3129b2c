-- args: --tz America/New_York --now 2026-03-22T20:00:00-04:00
-- stdout: habits frequency ok
-- stdout: Gym  2026  (3/week)
-- stdout:     Jan Feb Mar  Apr May  Jun Jul Aug  Sep Oct Nov  Dec
-- stdout: Mo         ##s##
-- stdout: Tu         --s--
-- stdout: Su         --s--
-- stdout: 운동 🏃  2026  (mon wed fri)
-- stdout: Mo             #
-- stdout: Fr             x
-- stdout: Su             .
-- stdout:   2s   3s   4s   5s   6s   7s   8s
-- stdout:   9+  10-  11+  12-  13+  14-  15-
-- stdout: Completed  12 of 12 times due (100%)
-- stdout: Streak     4 weeks now, 4 longest
-- stdout: Score      43%
-- stdout: - rest  s skipped  p paused  ~ partial (short of the target)
-- A "3 times a week" habit through the spring change (2026-03-08 is 23 hours long in New
-- York) and a skipped week: kept weeks make the streak, the skipped week breaks nothing,
-- and bad frequencies are refused with the field named.
local check = require("lib.check")
local fails = check.fails

local gym = habits.create{name = "Gym", start = "2026-02-16", frequency = {times = 3, per = "week"}}
local days = {
  "2026-02-16", "2026-02-18", "2026-02-20",  -- week 1
  "2026-02-23", "2026-02-25", "2026-02-27",  -- week 2
  -- week 3 (03-02 … 03-08, the spring change on Sunday) skipped below
  "2026-03-09", "2026-03-11", "2026-03-13",  -- week 4
  "2026-03-16", "2026-03-18", "2026-03-20",  -- week 5
}
for _, day in ipairs(days) do habits.complete(gym.id, {on = day}) end
for offset = 0, 6 do
  local day = string.format("2026-03-%02d", 2 + offset)
  assert(habits.skip("Gym", {on = day}) == day)
end

local stats = habits.stats("Gym")
assert(stats.streak.current == 4 and stats.streak.longest == 4, stats.streak.current)
assert(stats.streak_unit == "week", stats.streak_unit)
assert(stats.total_completed_days == 12, stats.total_completed_days)
assert(stats.completion_rate == 1, stats.completion_rate)
assert(stats.score > 0.3 and stats.score < 1, stats.score)
assert(stats.frequency.times == 3 and stats.frequency.per == "week")

-- The skipped week holds the score still.
local scores = habits.scores("Gym", {from = "2026-03-01", to = "2026-03-09"})
assert(#scores == 9)
assert(scores[2].score == scores[8].score, "skipped days keep the score")
assert(scores[9].score > scores[8].score)

-- Unskipping the week breaks the streak: it becomes a missed week.
habits.unskip("Gym", {on = "2026-03-04"})
assert(habits.stats("Gym").streak.longest == 2)
habits.skip("Gym", {on = "2026-03-04"})

for _, bad in ipairs({
  {times = 0, per = "week"}, {times = 8, per = "week"}, {times = 4, days = 3}, {every = 0},
  {weekdays = {"mon", "someday"}}, "weekly",
}) do
  local err = fails("habits.set_frequency", "invalid_argument", habits.set_frequency, "Gym", bad)
  assert(err.field == "frequency", err.field)
end
assert(fails("habits.create", "invalid_argument", habits.create, {name = "Read", unit = "pages"}).field == "target")
assert(fails("habits.note", "invalid_argument", habits.note, "Gym", string.rep("가", 1001)).field == "text")
assert(habits.note("Gym", "비 오는 날 🌧", {on = "2026-03-08"}) == "2026-03-08")
assert(habits.details("Gym").notes[1].text == "비 오는 날 🌧")
local recorded = json(events.list{limit = 10000})
assert(not recorded:find("비 오는 날", 1, true), "a note is recorded by its length only")
assert(recorded:find('"text_length":"8"', 1, true), "the note's length (8 characters) is recorded")

-- The year as a grid of weeks: plain characters when standard output is not a terminal.
local year = habits.year("Gym")
assert(#year.days == 365 and year.days[1].date == "2026-01-01" and year.frequency == "3/week")
assert(year.days[66].date == "2026-03-07" and year.days[66].state == "skipped")
-- Today (Sunday) the week is kept (3 of 3): a day off, not one to do.
assert(year.days[75].state == "completed" and year.days[76].state == "rest" and year.days[81].state == "rest")
show(year)
local swim = habits.create{name = "운동 🏃", start = "2026-03-16", frequency = {weekdays = {"mon", "wed", "fri"}}}
habits.complete(swim.id, {on = "2026-03-16"})
habits.complete(swim.id, {on = "2026-03-18"})
show(habits.year(swim.id))
-- habits.today says what the year says: the kept week rests, a weekday habit is not due on Sunday.
local today = {}
for _, entry in ipairs(habits.today()) do today[entry.habit.name] = entry.state end
assert(today["Gym"] == "rest" and today["운동 🏃"] == "not_due", today["Gym"])
assert(habits.day{on = "2026-03-17"}[2].state == "not_due")
show(habits.stats("Gym"))
show(habits.calendar("Gym", {year = 2026, month = 3}))

print("habits frequency ok")
