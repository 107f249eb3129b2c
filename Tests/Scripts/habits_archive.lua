-- stdout: habits archive ok
-- archive and unarchive at their boundaries, with the clock of the runner (today is
-- 2026-11-29 in Asia/Seoul): the period ends today if today has a completion, else
-- yesterday; a period that would end before it started is removed; unarchive reopens the
-- last period when it ended yesterday or today, else starts a new one today.
local check = require("lib.check")
local fails = check.fails
local periods = check.periods

-- No completion today: the period ends yesterday.
local a = habits.create{name = "A", start = "2026-11-01"}
local archived = habits.archive(a.id)
assert(archived.archived == true and archived.id == a.id)
assert(periods(archived) == "2026-11-01..2026-11-28", periods(archived))
assert(archived.tracking_periods[1]["end"] == "2026-11-28")
assert(json(habits.get(a.id)) == json(archived))
assert(archived.start_day == "2026-11-01")
-- It ended yesterday: unarchive reopens it, and archive then unarchive on one day
-- leave no trace.
local back = habits.unarchive(a.id)
assert(back.archived == false)
assert(periods(back) == "2026-11-01..", periods(back))
assert(back.tracking_periods[1]["end"] == nil)
assert(json(back.tracking_periods) == json(a.tracking_periods))

-- A completion today: the period ends today, and today's completion stays.
local b = habits.create{name = "B", start = "2026-11-01"}
habits.complete(b.id, {on = "2026-11-20"})
habits.complete(b.id)
assert(periods(habits.archive("B")) == "2026-11-01..2026-11-29")
local kept = habits.completions(b.id)
assert(#kept == 2 and kept[2].completed_on == "2026-11-29")
-- Today is still in the period: it can be cancelled, and then the period ends yesterday,
-- as archiving without today's completion would have left it (not "pending" today).
assert(habits.uncomplete(b.id).completed_on == "2026-11-29")
assert(periods(habits.get(b.id)) == "2026-11-01..2026-11-28", periods(habits.get(b.id)))
for _, entry in ipairs(habits.today()) do assert(entry.habit.id ~= b.id, "an archived habit is not listed today") end
fails("habits.complete", "habits.outside_tracking_period", habits.complete, b.id)
-- It ended yesterday: unarchive reopens it, and today can be recorded again.
assert(periods(habits.unarchive("B")) == "2026-11-01..")
assert(habits.complete(b.id).completed_on == "2026-11-29")

-- Archived yesterday: today is outside every period, yesterday is inside.
local c = habits.create{name = "C", start = "2026-11-01"}
habits.archive(c.id)
fails("habits.complete", "habits.outside_tracking_period", habits.complete, c.id)
assert(habits.complete(c.id, {on = "2026-11-28"}).completed_on == "2026-11-28")
assert(habits.uncomplete(c.id, {on = "2026-11-28"}).completed_on == "2026-11-28")

-- Started yesterday, archived today without a completion: a one-day period.
local d = habits.create{name = "D", start = "2026-11-28"}
assert(periods(habits.archive(d.id)) == "2026-11-28..2026-11-28")
assert(periods(habits.unarchive(d.id)) == "2026-11-28..")

-- Started today, archived today without a completion: the period would end before it
-- started, so it is removed; the habit is archived with no period.
local e = habits.create{name = "E"}
local empty = habits.archive(e.id)
assert(empty.archived == true, json(empty))
assert(type(empty.tracking_periods) == "table" and #empty.tracking_periods == 0, json(empty))
assert(empty.start_day == "2026-11-29")
fails("habits.archive", "habits.already_archived", habits.archive, e.id)
-- Unarchived, it gets one period from today: again no trace.
local again = habits.unarchive(e.id)
assert(again.archived == false and periods(again) == "2026-11-29..", periods(again))

-- Started today and completed today: archiving keeps a one-day period.
local f = habits.create{name = "F"}
habits.complete(f.id)
assert(periods(habits.archive(f.id)) == "2026-11-29..2026-11-29")
fails("habits.complete", "habits.already_completed", habits.complete, f.id)
assert(periods(habits.unarchive(f.id)) == "2026-11-29..")

-- A habit that starts in the future cannot be archived yet.
local g = habits.create{name = "G", start = "2026-12-01"}
fails("habits.archive", "habits.before_start", habits.archive, g.id)
assert(habits.get(g.id).archived == false and periods(habits.get(g.id)) == "2026-12-01..")

-- Twice is an error both ways, and changes nothing.
fails("habits.unarchive", "habits.not_archived", habits.unarchive, a.id)
habits.archive(a.id)
fails("habits.archive", "habits.already_archived", habits.archive, a.id)
assert(periods(habits.get(a.id)) == "2026-11-01..2026-11-28")

-- list and overview follow the archived flag.
local function names(list)
  local out = {}
  for i, h in ipairs(list) do out[i] = h.name end
  return table.concat(out, ",")
end
assert(names(habits.list()) == "B,D,E,F,G", names(habits.list()))
assert(names(habits.list{archived = true}) == "A,C", names(habits.list{archived = true}))
assert(names(habits.list{archived = "all"}) == "A,B,C,D,E,F,G")
local flags = {}
for _, o in ipairs(habits.overview()) do flags[o.name] = o.archived end
assert(flags.A == true and flags.C == true and flags.B == false and flags.G == false, json(flags))

-- An archived habit still has its statistics, calendar and completions.
local s = habits.stats(c.id)
assert(s.eligible_tracking_days == 28, s.eligible_tracking_days)
assert(#habits.completions(c.id) == 0)
assert(habits.rename(c.id, "C2").archived == true)
print("habits archive ok")
