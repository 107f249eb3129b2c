-- The presenters Habits declares with its shapes (Modules/Habits/Resources) under plain
-- lua5.4. Run from the repository root by `make test`.
local function eq(got, want, what)
  if got ~= want then
    error((what or "value") .. ":\n got  " .. tostring(got) .. "\n want " .. tostring(want), 2)
  end
end
local calendar = assert(loadfile("Modules/Habits/Resources/calendar_presenter.lua", "t"))()
local statistics = assert(loadfile("Modules/Habits/Resources/statistics_presenter.lua", "t"))()

local function month(year, number, days, state)
  local list = {}
  for i = 1, days do
    list[i] = { date = string.format("%04d-%02d-%02d", year, number, i), state = state or "empty" }
  end
  return { year = year, month = number, days = list }
end

-- The first week starts on the right weekday (Monday first), whatever the clock or zone.
for _, case in ipairs({
  { 2026, 11, "                                1." },  -- a Sunday
  { 2026, 12, "       1.   2.   3.   4.   5.   6." },  -- a Tuesday
  { 2026, 1, "                 1.   2.   3.   4." },  -- a Thursday
  { 2024, 2, "                 1.   2.   3.   4." },  -- a leap year's February, a Thursday
  { 2000, 3, "            1.   2.   3.   4.   5." },  -- a Wednesday after a leap century's February
  { 1900, 3, "                 1.   2.   3.   4." },  -- a Thursday: 1900 was no leap year
}) do
  local lines = {}
  for line in (calendar(month(case[1], case[2], 28)) .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
  eq(lines[2], "  Mo   Tu   We   Th   Fr   Sa   Su", "header")
  eq(lines[3], case[3], case[1] .. "-" .. case[2])
end

-- Marks, today in brackets, the legend; trailing spaces trimmed.
local november = month(2026, 11, 30, "missed")
november.days[2].state, november.days[29].state, november.days[29].is_today = "completed", "completed", true
november.days[30].state = "empty"
eq(calendar(november), table.concat({
  "November 2026",
  "  Mo   Tu   We   Th   Fr   Sa   Su",
  "                                1x",
  "  2+   3x   4x   5x   6x   7x   8x",
  "  9x  10x  11x  12x  13x  14x  15x",
  " 16x  17x  18x  19x  20x  21x  22x",
  " 23x  24x  25x  26x  27x  28x [29+]",
  " 30.",
  "+ done  x missed  o to do today  . not tracked or future  [ ] today",
}, "\n"), "a month")

-- Statistics as a card; the rate rounds to a whole percent.
eq(statistics({ total_completed_days = 4, eligible_tracking_days = 46, completion_rate = 4 / 46,
  streak = { current = 2, longest = 2 } }), "Completed  4 of 46 days (9%)\nStreak     2 now, 2 longest", "card")

-- Values of other shapes are declined (nil), so show tries the next presenter.
for _, other in ipairs({ 42, "text", {}, { year = 2026, month = 13, days = { { date = "x" } } },
  { streak = {}, total_completed_days = 1 }, month(2026, 11, 0) }) do
  eq(calendar(other), nil, "calendar declines")
  eq(statistics(other), nil, "statistics declines")
end
print("habits_presenters_spec: ok")
