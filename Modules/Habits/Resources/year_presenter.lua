-- How show() prints a habit's year ({year, name, frequency, days = {{date, state}}}, the
-- shape `year`): a grid of weeks, a row per weekday and a column per week, Monday first,
-- like Loop's history and GitHub's contribution graph. A chunk that returns the
-- presenter: a function of a value that returns a list of pieces (strings, or {text,
-- style}), or nil for a value of another shape. show styles the pieces only when its
-- output takes colour; every mark is one ASCII character either way, so widths never
-- depend on the terminal, and show passes every piece through `visible` (the habit's
-- name may be anyone's text, Hangul or emoji). Plain Lua (Tests/Lua/habits_presenters_spec.lua
-- runs it under lua5.4).
local type, ipairs, rawget, tonumber, tostring = type, ipairs, rawget, tonumber, tostring
local gsub = string.gsub

local month_names = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" }
local marks = { completed = "#", partial = "+", over_limit = "!", missed = "x", rest = "-", skipped = "s",
  paused = "p", pending = "o", not_due = ".", empty = " " }
local styles = { completed = "green", partial = "yellow", over_limit = "red", missed = "red", rest = "dim",
  skipped = "cyan", paused = "cyan", pending = "bold", not_due = "dim" }
local weekday_names = { "Mo", "Tu", "We", "Th", "Fr", "Sa", "Su" }
-- The name and the frequency are cut to this many characters: at most 40 columns even
-- when every one is wide.
local NAME_LENGTH = 20
-- The day of the week, 0 for Sunday (Sakamoto's method, proleptic Gregorian): no
-- clock or zone takes part.
local month_offsets = { 0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4 }
local function weekday(year, month, day)
  if month < 3 then year = year - 1 end
  return (year + year // 4 - year // 100 + year // 400 + month_offsets[month] + day) % 7
end

-- `s` on one line (control characters become spaces), cut to `length` characters of UTF-8.
local function cut(s, length)
  s = gsub(s, "%c", " ")
  local count, stop = 0, #s
  for position in s:gmatch("()[^\128-\191]") do
    count = count + 1
    if count > length then stop = position - 1; break end
  end
  return stop < #s and (s:sub(1, stop) .. "…") or s
end

return function(v)
  if type(v) ~= "table" then return nil end
  local days = rawget(v, "days")
  if type(v.year) ~= "number" or rawget(v, "month") ~= nil or type(v.frequency) ~= "string"
      or type(v.name) ~= "string" or type(days) ~= "table" or #days < 365 or type(days[1]) ~= "table"
      or type(days[1].date) ~= "string" or type(days[1].state) ~= "string" then
    return nil
  end
  local lead = (weekday(v.year, 1, 1) + 6) % 7  -- Monday = 0
  local rows, labels, columns = {}, {}, 0
  for r = 1, 7 do rows[r] = {} end
  for r = 1, lead do rows[r][1] = " " end
  for i, day in ipairs(days) do
    local slot = lead + i - 1
    local row, column = slot % 7 + 1, slot // 7 + 1
    local style = styles[day.state]
    local mark = marks[day.state] or "?"
    rows[row][column] = style and { mark, style } or mark
    if column > columns then columns = column end
    local month, number = tonumber(day.date:sub(6, 7)), tonumber(day.date:sub(9, 10))
    if number == 1 and month_names[month] then labels[column] = month_names[month] end
  end
  local header, c = {}, 1
  while c <= columns do
    if labels[c] then
      header[#header + 1] = labels[c]
      c = c + #labels[c]
    else
      header[#header + 1] = " "
      c = c + 1
    end
  end
  local pieces = { cut(v.name, NAME_LENGTH), "  ", tostring(v.year), "  (", cut(v.frequency, NAME_LENGTH), ")\n",
    "    ", (gsub(table.concat(header), "%s+$", "")) }
  for r = 1, 7 do
    pieces[#pieces + 1] = "\n" .. weekday_names[r] .. "  "
    local last = 0  -- the last column with a day, so no row ends in spaces
    for column = 1, columns do
      local cell = rows[r][column]
      if cell ~= nil and cell ~= " " then last = column end
    end
    for column = 1, last do pieces[#pieces + 1] = rows[r][column] or " " end
    if last == 0 then pieces[#pieces] = "\n" .. weekday_names[r] end
  end
  pieces[#pieces + 1] = "\n# done  + partial  ! over the limit  x missed  - rest  s skipped  p paused  o today"
    .. "  . not due"
  return pieces
end
