-- args: --allow-io
-- stdout: habits periods ok
-- Several tracking periods with days between them. The clock is fixed for a run, so the
-- earlier days are played by running app-shell again on the same database with another
-- --now (the binary and --db come from arg). Days between periods take no completion
-- and neither count nor break a streak.
local at = require("lib.replay").at
local check = require("lib.check")
local fails = check.fails
local periods = check.periods
local states = check.states

-- "Gap" starts on 2026-11-01; on 2026-11-10 it was done on the 8th, 9th and 10th, then
-- archived: the period ends on the 10th, completed that day.
local gap = habits.create{name = "Gap", start = "2026-11-01"}
at("2026-11-10T21:00:00+09:00", [[
  habits.complete("Gap", {on = "2026-11-08"})
  habits.complete("Gap", {on = "2026-11-09"})
  habits.complete("Gap")
  habits.archive("Gap")
]])
local h = habits.get(gap.id)
assert(h.archived == true and periods(h) == "2026-11-01..2026-11-10", periods(h))
assert(h.created_at == "2026-11-29T08:00:00+09:00")
assert(h.updated_at == "2026-11-10T21:00:00+09:00", h.updated_at)
local done = habits.completions(gap.id)
assert(#done == 3 and done[3].completed_on == "2026-11-10", json(done))
assert(done[3].recorded_at == "2026-11-10T21:00:00+09:00", done[3].recorded_at)

-- Today it ended long ago: unarchive starts a new period today.
h = habits.unarchive(gap.id)
assert(h.archived == false and periods(h) == "2026-11-01..2026-11-10 2026-11-29..", periods(h))
assert(h.updated_at == "2026-11-29T08:00:00+09:00")
assert(#h.tracking_periods == 2 and h.tracking_periods[1]["end"] == "2026-11-10" and h.tracking_periods[2]["end"] == nil)
assert(h.start_day == "2026-11-01")

-- The days between take no completion; the days inside do.
fails("habits.complete", "habits.outside_tracking_period", habits.complete, gap.id, {on = "2026-11-11"})
fails("habits.complete", "habits.outside_tracking_period", habits.complete, gap.id, {on = "2026-11-20"})
fails("habits.complete", "habits.outside_tracking_period", habits.complete, gap.id, {on = "2026-11-28"})
fails("habits.uncomplete", "habits.outside_tracking_period", habits.uncomplete, gap.id, {on = "2026-11-15"})
fails("habits.complete", "habits.before_start", habits.complete, gap.id, {on = "2026-10-31"})
assert(habits.complete(gap.id, {on = "2026-11-05"}).completed_on == "2026-11-05")
assert(habits.uncomplete(gap.id, {on = "2026-11-05"}).completed_on == "2026-11-05")
habits.complete(gap.id)

-- Statistics: eligible days are 1st..10th and the 29th (11); the streak runs
-- 8, 9, 10, 29 across the excluded days: current 4, longest 4.
local s = habits.stats(gap.id)
assert(s.eligible_tracking_days == 11, s.eligible_tracking_days)
assert(s.total_completed_days == 4, s.total_completed_days)
assert(math.abs(s.completion_rate - 4 / 11) < 1e-12, s.completion_rate)
assert(s.streak.current == 4 and s.streak.longest == 4, json(s.streak))
-- As of a day between the periods: only the first period counts, and the streak
-- 8, 9, 10 still stands.
for _, day in ipairs{"2026-11-11", "2026-11-20", "2026-11-28"} do
  local mid = habits.stats(gap.id, {as_of = day})
  assert(mid.eligible_tracking_days == 10 and mid.total_completed_days == 3, day .. " " .. json(mid))
  assert(mid.streak.current == 3 and mid.streak.longest == 3, day .. " " .. json(mid.streak))
end
-- The statistics as of a day are what the app showed on that day.
local shown = at("2026-11-20T12:00:00+09:00", 'print(json(habits.stats("Gap")))')
assert(shown == json(habits.stats(gap.id, {as_of = "2026-11-20"})) .. "\n", shown)

-- The calendar: missed 1..7, completed 8..10, empty 11..28, completed today, empty 30th.
local cal = habits.calendar(gap.id, {year = 2026, month = 11})
assert(states(cal) == ("m"):rep(7) .. "ccc" .. ("e"):rep(18) .. "ce", states(cal))
assert(cal.days[29].is_today == true)
-- The day lists: tracked on the 5th, not on the 20th.
local function tracked(on)
  for _, entry in ipairs(habits.day{on = on}) do
    if entry.habit.id == gap.id then return entry.state end
  end
end
assert(tracked("2026-11-05") == "missed")
assert(tracked("2026-11-10") == "completed")
assert(tracked("2026-11-20") == nil)
assert(tracked("2026-11-29") == "completed")

-- Archive today with today completed: the new period ends today; unarchive reopens it.
assert(periods(habits.archive(gap.id)) == "2026-11-01..2026-11-10 2026-11-29..2026-11-29")
assert(periods(habits.unarchive(gap.id)) == "2026-11-01..2026-11-10 2026-11-29..")
-- Without today's completion the new period would end before it started: it is removed,
-- the first one stays.
habits.uncomplete(gap.id)
h = habits.archive(gap.id)
assert(h.archived == true and periods(h) == "2026-11-01..2026-11-10", periods(h))
assert(periods(habits.unarchive(gap.id)) == "2026-11-01..2026-11-10 2026-11-29..")

-- "Short": created on the 20th, archived on the 28th without a completion, so its period
-- ends on the 27th. That is not yesterday: unarchive today starts a new period, and the
-- 28th lies between them.
at("2026-11-20T09:00:00+09:00", 'habits.create{name = "Short"}')
at("2026-11-28T22:00:00+09:00", 'habits.complete("Short", {on = "2026-11-25"}); habits.archive("Short")')
local short = habits.get("Short")
assert(short.created_at == "2026-11-20T09:00:00+09:00", short.created_at)
assert(short.start_day == "2026-11-20")
assert(periods(short) == "2026-11-20..2026-11-27", periods(short))
assert(periods(habits.unarchive("Short")) == "2026-11-20..2026-11-27 2026-11-29..")
fails("habits.complete", "habits.outside_tracking_period", habits.complete, "Short", {on = "2026-11-28"})
local ss = habits.stats("Short")
assert(ss.eligible_tracking_days == 9 and ss.total_completed_days == 1, json(ss))
assert(ss.streak.current == 0 and ss.streak.longest == 1, json(ss.streak))

-- "Kept": archived yesterday with a completion yesterday, so it ended yesterday:
-- unarchive today reopens it.
at("2026-11-28T22:00:00+09:00", 'habits.create{name = "Kept", start = "2026-11-26"}; habits.complete("Kept"); habits.archive("Kept")')
assert(periods(habits.get("Kept")) == "2026-11-26..2026-11-28")
assert(periods(habits.unarchive("Kept")) == "2026-11-26..")

-- Oldest first means by creation: "Short" (the 20th) and "Kept" (the 28th) come before
-- "Gap" (today) although they were stored after it.
local order = {}
for i, x in ipairs(habits.list{archived = "all"}) do order[i] = x.name end
assert(table.concat(order, ",") == "Short,Kept,Gap", table.concat(order, ","))
print("habits periods ok")
