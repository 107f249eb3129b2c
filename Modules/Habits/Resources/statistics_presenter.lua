-- How show() prints a habit's statistics (the shape `statistics`): a short card. A chunk
-- that returns the presenter: a function of a value that returns its text, or nil for a
-- value of another shape. Plain Lua (Tests/Lua/habits_presenters_spec.lua runs it under lua5.4).
local type, rawget, format, floor = type, rawget, string.format, math.floor

return function(v)
  if type(v) ~= "table" then return nil end
  local streak = rawget(v, "streak")
  if type(streak) ~= "table" or type(v.total_completed_days) ~= "number"
      or type(v.eligible_tracking_days) ~= "number" or type(v.completion_rate) ~= "number" then
    return nil
  end
  return format("Completed  %d of %d days (%d%%)\nStreak     %d now, %d longest",
    v.total_completed_days, v.eligible_tracking_days, floor(v.completion_rate * 100 + 0.5),
    streak.current or 0, streak.longest or 0)
end
