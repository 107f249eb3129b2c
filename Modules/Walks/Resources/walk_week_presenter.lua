-- How show() prints a week of walks (the shape `walk_week`): one line of the week's
-- walks, distance, time and pace. A chunk that returns the presenter.
local type, rawget, format, floor = type, rawget, string.format, math.floor

return function(v)
  if type(v) ~= "table" then return nil end
  local week, walks = rawget(v, "week"), rawget(v, "walks")
  local metres, seconds = rawget(v, "distance"), rawget(v, "duration")
  if type(week) ~= "string" or type(walks) ~= "number" or type(metres) ~= "number" or type(seconds) ~= "number" then
    return nil
  end
  local minutes = floor((seconds + 30) / 60)
  local text = format("%d %s · %.2f km · %d h %02d min", walks, walks == 1 and "walk" or "walks", metres / 1000,
    floor(minutes / 60), minutes % 60)
  local pace = rawget(v, "pace")
  if type(pace) == "number" and pace > 0 then
    local whole = floor(pace + 0.5)
    text = text .. format(" · %d:%02d /km", floor(whole / 60), whole % 60)
  end
  return { { "Week of " .. week, "bold" }, "  " .. text }
end
