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
  local frequency = rawget(v, "frequency")
  -- A daily habit (or a record without a frequency) keeps StackDay's card: its rate is
  -- completed over eligible days.
  if type(frequency) ~= "table" or (frequency.per == "day" and frequency.times == 1) then
    return format("Completed  %d of %d days (%d%%)\nStreak     %d now, %d longest",
      v.total_completed_days, v.eligible_tracking_days, percent, streak.current or 0, streak.longest or 0)
  end
  -- Other frequencies: the rate counts the completions due (3 a week, not every day), and
  -- a streak counts days, weeks, months or runs of days that met the frequency.
  local done, current = v.total_completed_days, streak.current or 0
  local unit = units[rawget(v, "streak_unit")] or "period"
  local text = format("Completed  %d %s, %d%% of the times due\nStreak     %d %s now, %d longest",
    done, done == 1 and "time" or "times", percent, current, current == 1 and unit or unit .. "s",
    streak.longest or 0)
  if type(v.score) == "number" then text = text .. format("\nScore      %d%%", floor(v.score * 100 + 0.5)) end
  return text
end
