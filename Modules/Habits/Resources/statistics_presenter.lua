-- How show() prints a habit's statistics (the shape `statistics`): a short card. A chunk
-- that returns the presenter: a function of a value that returns its text, or nil for a
-- value of another shape. Plain Lua (Tests/Lua/habits_presenters_spec.lua runs it under lua5.4).
local type, rawget, format, floor = type, rawget, string.format, math.floor
local units = { day = "day", week = "week", month = "month", period = "period" }

return function(v)
  if type(v) ~= "table" then return nil end
  local streak = rawget(v, "streak")
  if type(streak) ~= "table" or type(v.total_completed_days) ~= "number"
      or type(v.eligible_tracking_days) ~= "number" or type(v.completion_rate) ~= "number" then
    return nil
  end
  local percent = floor(v.completion_rate * 100 + 0.5)
  -- X of Y is what the rate divides: the completions that counted of those due.
  local met, due = rawget(v, "times_met"), rawget(v, "times_due")
  if type(met) ~= "number" or type(due) ~= "number" then met, due = v.total_completed_days, v.eligible_tracking_days end
  local frequency = rawget(v, "frequency")
  local in_days = (rawget(v, "due_unit") or "day") == "day"
  -- A habit daily all along (or a record without a frequency) keeps StackDay's card.
  if in_days and (type(frequency) ~= "table" or (frequency.per == "day" and frequency.times == 1)) then
    return format("Completed  %d of %d days (%d%%)\nStreak     %d now, %d longest",
      met, due, percent, streak.current or 0, streak.longest or 0)
  end
  -- Other frequencies, or a history of several: the times due (3 a week, not every day),
  -- and a streak in the unit of today's frequency, days, weeks, months or runs of days.
  local current, longest = streak.current or 0, streak.longest or 0
  local unit = units[rawget(v, "streak_unit")] or "period"
  local text = format("Completed  %d of %d %s (%d%%)\nStreak     %d %s now, %d longest",
    met, due, in_days and "days" or "times due", percent, current, current == 1 and unit or unit .. "s", longest)
  if type(v.score) == "number" then text = text .. format("\nScore      %d%%", floor(v.score * 100 + 0.5)) end
  return text
end
