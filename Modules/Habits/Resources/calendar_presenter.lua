-- How show() prints a habit's month calendar ({year, month, days = {{date, state,
-- is_today}}}, the shape `calendar`): a month grid, Monday first, that marks skipped,
-- paused, partial, over-the-limit and rest days too (their legend line only when one is drawn). A chunk
-- that returns the presenter: a function of a value that returns its text, or nil for a
-- value of another shape. Plain Lua (Tests/Lua/habits_presenters_spec.lua runs it under lua5.4).
local type, ipairs, rawget, tonumber = type, ipairs, rawget, tonumber
local format, rep, gsub = string.format, string.rep, string.gsub
local concat = table.concat

local month_names = { "January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December" }
local marks = { completed = "+", missed = "x", pending = "o", empty = ".", skipped = "s", paused = "p",
  partial = "~", rest = "-", over_limit = "!", not_due = "." }
-- The marks of habits with frequencies, skips, pauses or amounts: their legend line
-- appears only when one is drawn.
local detail_marks = { skipped = true, paused = true, partial = true, rest = true, over_limit = true }
-- The day of the week, 0 for Sunday (Sakamoto's method, proleptic Gregorian): no
-- clock or zone takes part.
local month_offsets = { 0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4 }
local function weekday(year, month, day)
  if month < 3 then year = year - 1 end
  return (year + year // 4 - year // 100 + year // 400 + month_offsets[month] + day) % 7
end

return function(v)
  if type(v) ~= "table" then return nil end
  local days = rawget(v, "days")
  if type(v.year) ~= "number" or type(v.month) ~= "number" or type(days) ~= "table"
      or type(days[1]) ~= "table" or type(days[1].date) ~= "string" or month_names[v.month] == nil then
    return nil
  end
  local lead = (weekday(v.year, v.month, 1) + 6) % 7  -- days before the 1st in a Monday week
  local lines = { month_names[v.month] .. " " .. v.year, "  Mo   Tu   We   Th   Fr   Sa   Su" }
  local row = { rep("     ", lead) }
  local column, marked = lead, false
  for _, day in ipairs(days) do
    local number = tonumber(day.date:sub(9, 10)) or 0
    local mark = marks[day.state] or "?"
    if detail_marks[day.state] then marked = true end
    row[#row + 1] = day.is_today and format("[%2d%s]", number, mark) or format(" %2d%s ", number, mark)
    column = column + 1
    if column == 7 then
      lines[#lines + 1] = (gsub(concat(row), "%s+$", ""))
      row, column = {}, 0
    end
  end
  if column > 0 then lines[#lines + 1] = (gsub(concat(row), "%s+$", "")) end
  lines[#lines + 1] = "+ done  x missed  o to do today  . not tracked, not due or future  [ ] today"
  if marked then
    lines[#lines + 1] = "- rest  s skipped  p paused  ~ partial (short of the target)  ! over the limit"
  end
  return concat(lines, "\n")
end
