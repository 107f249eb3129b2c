-- stdout: habits day ok
-- habits.day and habits.today: an entry {habit, state} for every habit tracked that day;
-- state is completed, pending (that day is today), missed (past) or future. Today is
-- 2026-11-29.
local keys = require("lib.check").keys
-- The day's entries as "Name=state" sorted by name (the contract gives no order).
local function entries(list)
  local out = {}
  for _, e in ipairs(list) do
    assert(keys(e) == "habit,state", keys(e))
    assert(keys(e.habit) == "archived,created_at,id,name,start_day,tracking_periods,updated_at", keys(e.habit))
    out[#out + 1] = e.habit.name .. "=" .. e.state
  end
  table.sort(out)
  return table.concat(out, " ")
end

local a = habits.create{name = "A", start = "2026-11-01"}
habits.complete(a.id, {on = "2026-11-28"})
habits.complete(a.id)
local b = habits.create{name = "B"}                          -- starts today
local c = habits.create{name = "C", start = "2026-12-05"}     -- starts later
local d = habits.create{name = "D", start = "2026-11-01"}
habits.complete(d.id, {on = "2026-11-28"})
habits.archive(d.id)                                          -- ends 2026-11-28
local e = habits.create{name = "E", start = "2026-11-20"}

-- Today: what is tracked today; completed or pending; not the archived or future ones.
local today = habits.today()
assert(entries(today) == "A=completed B=pending E=pending", entries(today))
assert(entries(habits.day{}) == entries(today))
assert(entries(habits.day()) == entries(today))
assert(entries(habits.day{on = "2026-11-29"}) == entries(today))
for _, entry in ipairs(today) do
  assert(json(entry.habit) == json(habits.get(entry.habit.id)), entry.habit.name)
end

-- Past days: completed or missed; only the habits tracked that day.
assert(entries(habits.day{on = "2026-11-28"}) == "A=completed D=completed E=missed")
assert(entries(habits.day{on = "2026-11-20"}) == "A=missed D=missed E=missed")
assert(entries(habits.day{on = "2026-11-19"}) == "A=missed D=missed")
assert(entries(habits.day{on = "2026-11-01"}) == "A=missed D=missed")
local before = habits.day{on = "2026-10-31"}
assert(type(before) == "table" and #before == 0)

-- Later days: future, for every habit whose period is open then.
assert(entries(habits.day{on = "2026-11-30"}) == "A=future B=future E=future")
assert(entries(habits.day{on = "2026-12-04"}) == "A=future B=future E=future")
assert(entries(habits.day{on = "2026-12-05"}) == "A=future B=future C=future E=future")

-- Recording and cancelling move a day between its states.
habits.complete(b.id)
habits.uncomplete(a.id)
habits.complete(e.id, {on = "2026-11-20"})
assert(entries(habits.today()) == "A=pending B=completed E=pending", entries(habits.today()))
assert(entries(habits.day{on = "2026-11-20"}) == "A=missed D=missed E=completed")

-- Unarchived today, D is tracked today again (it ended yesterday: reopened).
habits.unarchive(d.id)
assert(entries(habits.today()) == "A=pending B=completed D=pending E=pending", entries(habits.today()))
-- Archived again: off today's list, still on the earlier days'.
habits.archive(a.id)
assert(entries(habits.today()) == "B=completed D=pending E=pending", entries(habits.today()))
assert(entries(habits.day{on = "2026-11-28"}) == "A=completed D=completed E=missed")
print("habits day ok")
