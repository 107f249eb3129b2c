-- stdout: habits stats ok
-- habits.stats and habits.overview: the shape, integer counts and float rates, and the
-- StackDay examples of docs/domain.md section 2.3.
local keys = require("lib.check").keys
local function near(a, b) return math.abs(a - b) < 1e-12 end
-- A habit starting on START with completions on DAYS.
local count = 0
local function habit(start, days)
  count = count + 1
  local h = habits.create{name = "H" .. count, start = start}
  for _, day in ipairs(days) do habits.complete(h.id, {on = day}) end
  return h
end
local function check(s, total, eligible, current, longest)
  assert(keys(s) == "completion_rate,due_unit,eligible_tracking_days,frequency,score,streak,streak_unit,times_due,times_met,total_completed_days", keys(s))
  assert(keys(s.streak) == "current,longest", keys(s.streak))
  assert(math.type(s.total_completed_days) == "integer", math.type(s.total_completed_days))
  assert(math.type(s.eligible_tracking_days) == "integer", math.type(s.eligible_tracking_days))
  assert(math.type(s.streak.current) == "integer" and math.type(s.streak.longest) == "integer")
  assert(math.type(s.completion_rate) == "float", "rate is a " .. tostring(math.type(s.completion_rate)))
  assert(s.total_completed_days == total, "total " .. s.total_completed_days .. ", expected " .. total)
  assert(s.eligible_tracking_days == eligible, "eligible " .. s.eligible_tracking_days .. ", expected " .. eligible)
  assert(s.streak.current == current, "current " .. s.streak.current .. ", expected " .. current)
  assert(s.streak.longest == longest, "longest " .. s.streak.longest .. ", expected " .. longest)
  local rate = eligible == 0 and 0 or total / eligible
  assert(near(s.completion_rate, rate), "rate " .. s.completion_rate .. ", expected " .. rate)
  assert(s.completion_rate >= 0 and s.completion_rate <= 1)
end

-- docs/domain.md 2.3: completions on the 1st, 2nd, 3rd, 5th and 6th, as of the 6th:
-- current 2, longest 3.
local a = habit("2026-01-01", {"2026-01-01", "2026-01-02", "2026-01-03", "2026-01-05", "2026-01-06"})
check(habits.stats(a.id, {as_of = "2026-01-06"}), 5, 6, 2, 3)
-- docs/domain.md 2.3: completions on the 1st and 3rd, as of the 3rd: total 2, eligible 3, rate 2/3.
local b = habit("2026-01-01", {"2026-01-01", "2026-01-03"})
local sb = habits.stats(b.id, {as_of = "2026-01-03"})
check(sb, 2, 3, 1, 1)
assert(near(sb.completion_rate, 2 / 3), sb.completion_rate)
-- docs/domain.md 2.3: as_of before the start gives all zeros (and a rate of 0, a float).
local zero = habits.stats(a.id, {as_of = "2025-12-31"})
check(zero, 0, 0, 0, 0)
assert(zero.completion_rate == 0)
check(habits.stats(b.id, {as_of = "2025-06-01"}), 0, 0, 0, 0)

-- docs/domain.md 2.3: the reference day not completed is still eligible for the rate: 1/2.
local c = habit("2026-01-01", {"2026-01-01"})
local sc = habits.stats(c.id, {as_of = "2026-01-02"})
check(sc, 1, 2, 1, 1)
assert(sc.completion_rate == 0.5)
-- The reference day not completed does not break the streak: current 2, longest 2.
local d = habit("2026-01-01", {"2026-01-01", "2026-01-02"})
check(habits.stats(d.id, {as_of = "2026-01-03"}), 2, 3, 2, 2)
-- A missed past day does: current 0, longest 2.
check(habits.stats(d.id, {as_of = "2026-01-04"}), 2, 4, 0, 2)
-- Across the year boundary: 2025-12-31 ... 2026-01-02.
local e = habit("2025-12-31", {"2025-12-31", "2026-01-01", "2026-01-02"})
check(habits.stats(e.id, {as_of = "2026-01-02"}), 3, 3, 3, 3)
check(habits.stats(e.id, {as_of = "2026-01-01"}), 2, 2, 2, 2)
-- Across a month end: 2026-01-30 ... 2026-02-02 are four days; February has 28.
local f = habit("2026-01-30", {"2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"})
check(habits.stats(f.id, {as_of = "2026-02-02"}), 4, 4, 4, 4)
check(habits.stats(f.id, {as_of = "2026-03-01"}), 4, 31, 0, 4)
-- A leap year: 2024-02-28 ... 2024-03-01 are three days; 2024-02-28 ... 12-31 are 308.
local g = habit("2024-02-28", {"2024-02-28", "2024-02-29", "2024-03-01"})
check(habits.stats(g.id, {as_of = "2024-03-01"}), 3, 3, 3, 3)
check(habits.stats(g.id, {as_of = "2024-12-31"}), 3, 308, 0, 3)

-- Completions after as_of do not count; the reference day completed counts; the
-- reference day not completed is skipped by the current streak.
check(habits.stats(a.id, {as_of = "2026-01-02"}), 2, 2, 2, 2)
check(habits.stats(a.id, {as_of = "2026-01-04"}), 3, 4, 3, 3)
check(habits.stats(a.id, {as_of = "2026-01-05"}), 4, 5, 1, 3)

-- The default reference day is today (2026-11-29): every day from the start is eligible.
-- From 2026-11-01: completions 27th, 28th and today.
local h = habit("2026-11-01", {"2026-11-27", "2026-11-28", "2026-11-29"})
check(habits.stats(h.id), 3, 29, 3, 3)
check(habits.stats(h.id, {}), 3, 29, 3, 3)
assert(json(habits.stats(h.id)) == json(habits.stats(h.id, {as_of = "2026-11-29"})))
-- Today not yet completed: the streak to yesterday stands.
habits.uncomplete(h.id)
check(habits.stats(h.id), 2, 29, 2, 2)
-- Editing the past recalculates: the 26th joins the run.
habits.complete(h.id, {on = "2026-11-26"})
check(habits.stats(h.id), 3, 29, 3, 3)
-- by name too
check(habits.stats("H" .. count), 3, 29, 3, 3)
-- A habit that starts in the future has nothing eligible yet.
local later = habit("2026-12-05", {})
check(habits.stats(later.id), 0, 0, 0, 0)
-- A habit with no completions.
local idle = habit("2026-11-20", {})
check(habits.stats(idle.id), 0, 10, 0, 0)
-- Started today and not completed: one eligible day, no streak broken.
local fresh = habit("2026-11-29", {})
check(habits.stats(fresh.id), 0, 1, 0, 0)

-- Archived: eligible days end with the period; a completion on the last day counts.
local arch = habit("2026-11-20", {"2026-11-27", "2026-11-28"})
habits.archive(arch.id) -- ends 2026-11-28
check(habits.stats(arch.id), 2, 9, 2, 2)
-- Archived on its start day without a completion: no periods, nothing eligible.
local none = habit("2026-11-29", {})
habits.archive(none.id)
check(habits.stats(none.id), 0, 0, 0, 0)

-- Completions of one habit are not another's.
check(habits.stats(idle.id, {as_of = "2026-11-28"}), 0, 9, 0, 0)

-- overview: every habit, archived too, with its current streak and rate as of today.
local overview = habits.overview()
assert(#overview == count, #overview .. " of " .. count)
local by_id = {}
for _, o in ipairs(overview) do
  assert(keys(o) == "archived,completion_rate,current_streak,id,name", keys(o))
  assert(math.type(o.current_streak) == "integer", math.type(o.current_streak))
  assert(math.type(o.completion_rate) == "float", tostring(math.type(o.completion_rate)))
  assert(type(o.archived) == "boolean")
  by_id[o.id] = o
end
for _, x in ipairs(habits.list{archived = "all"}) do
  local o = assert(by_id[x.id], "overview lacks " .. x.name)
  local s = habits.stats(x.id)
  assert(o.name == x.name and o.archived == x.archived, x.name)
  assert(o.current_streak == s.streak.current, x.name .. ": " .. o.current_streak .. " vs " .. s.streak.current)
  assert(o.completion_rate == s.completion_rate, x.name)
end
assert(by_id[arch.id].archived == true and by_id[arch.id].current_streak == 2)
assert(by_id[none.id].archived == true and by_id[none.id].completion_rate == 0)
assert(by_id[h.id].current_streak == 3 and near(by_id[h.id].completion_rate, 3 / 29))
assert(by_id[later.id].completion_rate == 0 and by_id[later.id].current_streak == 0)
print("habits stats ok")
