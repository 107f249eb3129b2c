-- How show() prints a walk (the shape `walk_log`): a two-line card of its start and end,
-- distance, time, pace and steps. A chunk that returns the presenter: a function of a
-- value that returns its text, or nil for a value of another shape.
local type, rawget, format, floor = type, rawget, string.format, math.floor

local function distance(metres)
  if metres < 1000 then return format("%d m", floor(metres + 0.5)) end
  return format("%.2f km", metres / 1000)
end

local function duration(seconds)
  if seconds < 60 then return format("%d s", seconds) end
  local minutes = floor((seconds + 30) / 60)
  if minutes < 60 then return format("%d min", minutes) end
  return format("%d h %02d min", floor(minutes / 60), minutes % 60)
end

return function(v)
  if type(v) ~= "table" then return nil end
  local started, ended = rawget(v, "started_at"), rawget(v, "ended_at")
  local metres, seconds = rawget(v, "distance"), rawget(v, "duration")
  if type(started) ~= "string" or type(ended) ~= "string" or type(metres) ~= "number"
      or type(seconds) ~= "number" or type(rawget(v, "id")) ~= "string" then
    return nil
  end
  local day, from = started:match("^(%d+%-%d+%-%d+)T(%d+:%d+)")
  local to = ended:match("T(%d+:%d+)")
  local head = day and format("%s %s → %s", day, from, to or "?") or started
  local figures = { distance(metres), duration(seconds) }
  if metres > 0 and seconds > 0 then
    local pace = floor(seconds / (metres / 1000) + 0.5)
    figures[#figures + 1] = format("%d:%02d /km", floor(pace / 60), pace % 60)
  end
  local steps = rawget(v, "steps")
  if type(steps) == "number" then figures[#figures + 1] = format("%d steps", steps) end
  return { { "Walk  ", "bold" }, head, "\n      " .. table.concat(figures, " · ") }
end
