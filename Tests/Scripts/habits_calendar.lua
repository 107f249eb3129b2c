-- stdout: habits calendar ok
-- habits.calendar: {year, month, days = {{date, state, is_today}...},
-- can_move_to_next_month}; state is completed, missed, pending or empty (future, or
-- outside a tracking period). Today is 2026-11-29.
local keys = require("lib.check").keys
-- Checks the shape and the dates of a month; returns the states as letters.
local function month(cal, year, number, length)
  assert(keys(cal) == "can_move_to_next_month,days,month,year", keys(cal))
  assert(math.type(cal.year) == "integer" and cal.year == year, tostring(cal.year))
  assert(math.type(cal.month) == "integer" and cal.month == number, tostring(cal.month))
  assert(type(cal.can_move_to_next_month) == "boolean")
  assert(#cal.days == length, #cal.days .. " days, expected " .. length)
  local letters = {}
  for i, d in ipairs(cal.days) do
    assert(keys(d) == "date,is_today,state", keys(d))
    assert(d.date == ("%04d-%02d-%02d"):format(year, number, i), d.date)
    assert(type(d.is_today) == "boolean")
    assert(d.is_today == (d.date == "2026-11-29"), d.date .. " is_today " .. tostring(d.is_today))
    local letter = ({completed = "c", missed = "m", pending = "p", empty = "e"})[d.state]
    assert(letter, "state " .. tostring(d.state))
    letters[i] = letter
  end
  return table.concat(letters)
end

-- This month by default: before the start empty, past days missed or completed, today
-- pending, tomorrow empty; no next month to move to.
local run = habits.create{name = "Run", start = "2026-11-10"}
habits.complete(run.id, {on = "2026-11-10"})
habits.complete(run.id, {on = "2026-11-12"})
habits.complete(run.id, {on = "2026-11-28"})
local cal = habits.calendar(run.id)
local states = month(cal, 2026, 11, 30)
assert(states == ("e"):rep(9) .. "cmc" .. ("m"):rep(15) .. "cpe", states)
assert(cal.can_move_to_next_month == false)
assert(json(habits.calendar("Run")) == json(cal))
assert(json(habits.calendar(run.id, {})) == json(cal))
assert(json(habits.calendar(run.id, {year = 2026, month = 11})) == json(cal))
-- Today completed.
habits.complete(run.id)
assert(month(habits.calendar(run.id), 2026, 11, 30):sub(28, 30) == "cce")
-- Cancelled, it is pending again.
habits.uncomplete(run.id)
assert(month(habits.calendar(run.id), 2026, 11, 30):sub(29, 29) == "p")

-- An earlier month: 31 days, all before the start: empty; one can move to the next.
local oct = habits.calendar(run.id, {year = 2026, month = 10})
assert(month(oct, 2026, 10, 31) == ("e"):rep(31))
assert(oct.can_move_to_next_month == true)
-- A later month: all empty, nothing is today, and no moving on.
local dec = habits.calendar(run.id, {year = 2026, month = 12})
assert(month(dec, 2026, 12, 31) == ("e"):rep(31))
assert(dec.can_move_to_next_month == false)
local jan = habits.calendar(run.id, {year = 2027, month = 1})
assert(month(jan, 2027, 1, 31) == ("e"):rep(31))

-- Month lengths as a calendar has them, leap years too; a start mid-month.
local old = habits.create{name = "Old", start = "2024-02-15"}
habits.complete(old.id, {on = "2024-02-29"})
local feb = habits.calendar(old.id, {year = 2024, month = 2})
assert(month(feb, 2024, 2, 29) == ("e"):rep(14) .. ("m"):rep(14) .. "c")
assert(feb.can_move_to_next_month == true)
assert(month(habits.calendar(old.id, {year = 2025, month = 2}), 2025, 2, 28) == ("m"):rep(28))
assert(month(habits.calendar(old.id, {year = 2026, month = 4}), 2026, 4, 30) == ("m"):rep(30))
-- The year's last month moves on to the next year's first.
local last = habits.calendar(old.id, {year = 2025, month = 12})
assert(month(last, 2025, 12, 31) == ("m"):rep(31) and last.can_move_to_next_month == true)

-- Archived yesterday: today is outside the period, so empty, and still today.
local stop = habits.create{name = "Stop", start = "2026-11-25"}
habits.complete(stop.id, {on = "2026-11-26"})
habits.archive(stop.id)
local st = habits.calendar(stop.id)
assert(month(st, 2026, 11, 30) == ("e"):rep(24) .. "mcmm" .. "ee")
assert(st.days[29].is_today == true and st.days[29].state == "empty")
-- Archived on its start day: no period, every day empty.
local gone = habits.create{name = "Gone"}
habits.archive(gone.id)
assert(month(habits.calendar(gone.id), 2026, 11, 30) == ("e"):rep(30))
-- A habit starting later this month: empty until then, today included.
local soon = habits.create{name = "Soon", start = "2026-11-30"}
assert(month(habits.calendar(soon.id), 2026, 11, 30) == ("e"):rep(30))
print("habits calendar ok")
