-- The presenters Habits declares with its shapes (Modules/Habits/Resources) under plain
-- lua5.4. Run from the repository root by `make test`.
local function eq(got, want, what)
  if got ~= want then
    error((what or "value") .. ":\n got  " .. tostring(got) .. "\n want " .. tostring(want), 2)
  end
end
local calendar = assert(loadfile("Modules/Habits/Resources/calendar_presenter.lua", "t"))()
local statistics = assert(loadfile("Modules/Habits/Resources/statistics_presenter.lua", "t"))()
local year_grid = assert(loadfile("Modules/Habits/Resources/year_presenter.lua", "t"))()

-- A presenter's list of pieces as show prints it without colour, and the styles used.
local function flat(pieces)
  local out, styles = {}, {}
  for i, piece in ipairs(pieces) do
    if type(piece) == "table" then styles[piece[1]] = piece[2]; piece = piece[1] end
    out[i] = piece
  end
  return table.concat(out), styles
end

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
  "+ done  x missed  o to do today  . not tracked, not due or future  [ ] today",
}, "\n"), "a month")

-- Skipped, paused, partial and rest days have marks, and their legend line only when drawn.
local marked = month(2026, 12, 7, "completed")
marked.days[2].state, marked.days[3].state, marked.days[4].state, marked.days[5].state, marked.days[6].state =
  "skipped", "paused", "partial", "rest", "over_limit"
eq(calendar(marked), table.concat({
  "December 2026",
  "  Mo   Tu   We   Th   Fr   Sa   Su",
  "       1+   2s   3p   4~   5-   6!",
  "  7+",
  "+ done  x missed  o to do today  . not tracked, not due or future  [ ] today",
  "- rest  s skipped  p paused  ~ partial (short of the target)  ! over the limit",
}, "\n"), "detail marks")

-- A year as a grid of weeks: 2026 starts on a Thursday; months label their first week;
-- each state has its mark and its style; rows end without spaces.
local days = {}
for m, length in ipairs({ 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 }) do
  for d = 1, length do
    days[#days + 1] = { date = string.format("2026-%02d-%02d", m, d), state = "not_due" }
  end
end
local states = { "completed", "partial", "missed", "rest", "skipped", "paused", "pending", "empty", "over_limit" }
for i, state in ipairs(states) do days[i].state = state end
local text, styles = flat(year_grid({ year = 2026, name = "달리기 🏃 run", frequency = "3/week", days = days }))
local lines = {}
for line in (text .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
eq(#lines, 10, "title, months, seven weekdays, legend")
eq(lines[1], "달리기 🏃 run  2026  (3/week)", "title")
eq(lines[2]:sub(1, 20), "    Jan Feb Mar  Apr", "months label the week of their 1st")
eq(lines[3], "Mo   s" .. string.rep(".", 51), "Mondays: none in the first week")
eq(lines[6], "Th  # " .. string.rep(".", 51), "Thursdays: 1 January done, 8 January empty")
eq(lines[7], "Fr  +!" .. string.rep(".", 50), "Fridays: 9 January over the limit")
eq(lines[9], "Su  -" .. string.rep(".", 51), "Sundays")
eq(lines[10], "# done  + partial  ! over the limit  x missed  - rest  s skipped  p paused  o today  . not due",
  "legend")
eq(styles["#"], "green", "done is green")
eq(styles["x"], "red", "missed is red")
eq(styles["!"], "red", "over the limit is red")
eq(styles[" "], nil, "an empty day has no style")
for _, line in ipairs(lines) do assert(not line:find("%s$"), "no trailing spaces: " .. line) end
-- A long or multi-line name stays on its line, cut to 20 characters.
local long = flat(year_grid({ year = 2026, name = string.rep("가", 30) .. "\n", frequency = "daily", days = days }))
eq(long:match("^[^\n]*"), string.rep("가", 20) .. "…  2026  (daily)", "long name")

-- Statistics as a card; the rate rounds to a whole percent.
eq(statistics({ total_completed_days = 4, eligible_tracking_days = 46, completion_rate = 4 / 46,
  streak = { current = 2, longest = 2 } }), "Completed  4 of 46 days (9%)\nStreak     2 now, 2 longest", "card")
-- A daily habit's card stays StackDay's, with the fields habits.stats adds.
eq(statistics({ total_completed_days = 4, eligible_tracking_days = 46, completion_rate = 4 / 46,
  times_met = 4, times_due = 46, due_unit = "day",
  streak = { current = 2, longest = 2 }, score = 0.25, frequency = { times = 1, per = "day" }, streak_unit = "day" }),
  "Completed  4 of 46 days (9%)\nStreak     2 now, 2 longest", "daily card")
-- Other frequencies: X of Y are the times met and due (what the rate divides), not the
-- completed and eligible days; the streak counts periods, and the score is printed.
eq(statistics({ total_completed_days = 13, eligible_tracking_days = 27, completion_rate = 11 / 12,
  times_met = 11, times_due = 12, due_unit = "time",
  streak = { current = 1, longest = 2 }, score = 0.4349, frequency = { times = 3, per = "week" },
  streak_unit = "week" }),
  "Completed  11 of 12 times due (92%)\nStreak     1 week now, 2 longest\nScore      43%", "weekly card")
eq(statistics({ total_completed_days = 1, eligible_tracking_days = 5, completion_rate = 1,
  times_met = 1, times_due = 1, due_unit = "time",
  streak = { current = 2, longest = 2 }, score = 0.1, frequency = { every = 2 }, streak_unit = "period" }),
  "Completed  1 of 1 times due (100%)\nStreak     2 periods now, 2 longest\nScore      10%", "every card")
eq(statistics({ total_completed_days = 3, eligible_tracking_days = 3, completion_rate = 1,
  times_met = 3, times_due = 3, due_unit = "day",
  streak = { current = 3, longest = 3 }, score = 0.5, frequency = { weekdays = { "mon", "fri" } },
  streak_unit = "day" }),
  "Completed  3 of 3 days (100%)\nStreak     3 days now, 3 longest\nScore      50%", "weekday card")
-- Daily today after weeks of "once a week": the times due, never "10 of 30 days (83%)".
eq(statistics({ total_completed_days = 10, eligible_tracking_days = 30, completion_rate = 10 / 12,
  times_met = 10, times_due = 12, due_unit = "time",
  streak = { current = 0, longest = 28 }, score = 0.6, frequency = { times = 1, per = "day" },
  streak_unit = "day" }),
  "Completed  10 of 12 times due (83%)\nStreak     0 days now, 28 longest\nScore      60%", "daily after weekly")

-- Values of other shapes are declined (nil), so show tries the next presenter.
for _, other in ipairs({ 42, "text", {}, { year = 2026, month = 13, days = { { date = "x" } } },
  { streak = {}, total_completed_days = 1 }, month(2026, 11, 0),
  { year = 2026, name = "Run", frequency = "daily", days = { { date = "2026-01-01", state = "missed" } } } }) do
  eq(calendar(other), nil, "calendar declines")
  eq(statistics(other), nil, "statistics declines")
  eq(year_grid(other), nil, "year declines")
end
print("habits_presenters_spec: ok")
