-- `show`: the shell's display of values.
--
-- It runs once per engine as the chunk `=[app-shell]`, like the prelude (tracebacks drop
-- its frames), with four arguments: `visible(s, mode, max)`, the engine's builtin that
-- returns `s` with control characters escaped (mode "cell", "block" or "literal"), cut to
-- `max` columns, and its width in columns; `write(s)`, the engine's output; the list of
-- presenters the plugins declare with their record shapes (functions that return the text
-- of a value of their shape, or nil for any other value); and `colour`, true when the
-- output is a terminal that takes colour. It returns `show` (prints) and `text` (the text
-- show prints, for tests).
--
-- A presenter's text is a string, or a list of pieces, each a string or `{text, style}`
-- with a style of STYLES: show colours styled pieces when `colour` is true and prints
-- them plain otherwise, so presenters never learn about terminals.
--
-- Everything show prints passes through `visible`, presenters' text too (piece by piece,
-- so only show's own colour codes reach the terminal), because it prints other people's
-- text (public stories, user names): a cell must not clear the screen or write the
-- clipboard. Being Lua, it may call tostring and __tostring freely.
local visible, write, presenters, colour = ...
local type, next, ipairs, tostring, select = type, next, ipairs, tostring, select
local rawget, getmetatable = rawget, getmetatable
local rep, gsub, match = string.rep, string.gsub, string.match
local concat, sort = table.concat, table.sort

-- How deep and how many items a table prints, the line width, and the columns a table cell
-- may take before it is cut with "…".
local MAX_DEPTH, MAX_ITEMS, WIDTH, CELL_WIDTH = 5, 30, 78, 40
-- The styles a presenter may give a piece of its text, as SGR codes.
local STYLES = { red = "31", green = "32", yellow = "33", cyan = "36", bold = "1", dim = "2" }
local keywords = {}
for word in ("and break do else elseif end false for function goto if in local nil not or "
    .. "repeat return then true until while"):gmatch("%a+") do keywords[word] = true end

-- The width in columns of text that is already visible.
local function width(s)
  local _, columns = visible(s, "block")
  return columns
end

local function quote(s) return '"' .. visible(s, "literal") .. '"' end

-- Numbers print as Lua prints them: integers as integers, floats with %.14g and a
-- ".0" when they look whole (3100.5, 12345.6, 3.0, 1e+100).
local function number_text(v) return tostring(v) end

local function key_text(k)
  if type(k) == "string" and match(k, "^[%a_][%w_]*$") and not keywords[k] then return k end
  if type(k) == "string" then return "[" .. quote(k) .. "]" end
  return "[" .. visible(tostring(k), "cell") .. "]"
end

local function sorted_keys(t)
  local keys, n = {}, 0
  for k in next, t do n = n + 1; keys[n] = k end
  sort(keys, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    if ta == "number" or ta == "string" then return a < b end
    return tostring(a) < tostring(b)
  end)
  return keys
end

local function render(v, depth, seen, indent)
  local t = type(v)
  if t == "string" then return quote(v) end
  if t == "number" then return number_text(v) end
  if t ~= "table" or getmetatable(v) ~= nil then return (visible(tostring(v), "cell")) end
  if seen[v] then return "<cycle>" end
  if depth > MAX_DEPTH then return "{...}" end
  seen[v] = true
  local parts, count, n = {}, 0, #v
  for i = 1, n do
    count = count + 1
    if count > MAX_ITEMS then break end
    parts[count] = render(v[i], depth + 1, seen, indent .. "  ")
  end
  for _, k in ipairs(sorted_keys(v)) do
    if not (type(k) == "number" and k >= 1 and k <= n and k % 1 == 0) then
      count = count + 1
      if count > MAX_ITEMS then break end
      parts[count] = key_text(k) .. " = " .. render(v[k], depth + 1, seen, indent .. "  ")
    end
  end
  seen[v] = nil
  if count > MAX_ITEMS then parts[MAX_ITEMS + 1] = "..." end
  if #parts == 0 then return "{}" end
  local line = "{" .. concat(parts, ", ") .. "}"
  if not line:find("\n") and width(line) + #indent <= WIDTH then return line end
  return "{\n" .. indent .. "  " .. concat(parts, ",\n" .. indent .. "  ") .. ",\n" .. indent .. "}"
end

-- A table cell, visible and at most CELL_WIDTH columns: a nested record (with an id)
-- by its name, other tables compactly. Returns the text and its width.
local function cell(v)
  local text
  if type(v) == "string" then
    text = v
  elseif type(v) == "number" then
    text = number_text(v)
  elseif type(v) == "table" and getmetatable(v) == nil then
    local name = rawget(v, "name")
    if type(name) == "string" and rawget(v, "id") ~= nil then
      text = name
    else
      text = render(v, MAX_DEPTH, {}, "")
    end
  else
    text = tostring(v)
  end
  return visible(text, "cell", CELL_WIDTH)
end

-- A list of records prints as an aligned table, one row per record; columns are as
-- wide as their widest cell in terminal columns.
local function record_list(v)
  local n = #v
  if n == 0 then return nil end
  local columns, seen_column = {}, {}
  for i = 1, n do
    local row = v[i]
    if type(row) ~= "table" or getmetatable(row) ~= nil or #row > 0 then return nil end
    for k in next, row do
      if type(k) ~= "string" then return nil end
      if not seen_column[k] then seen_column[k] = true; columns[#columns + 1] = k end
    end
  end
  for k in next, v do
    if type(k) ~= "number" or k < 1 or k > n or k % 1 ~= 0 then return nil end
  end
  local rank = { id = 1, name = 2 }
  sort(columns, function(a, b)
    local ra, rb = rank[a] or 3, rank[b] or 3
    if ra ~= rb then return ra < rb end
    return a < b
  end)
  local widths, header, cells = {}, { texts = {}, widths = {} }, {}
  for c, name in ipairs(columns) do
    header.texts[c], header.widths[c] = visible(name, "cell", CELL_WIDTH)
    widths[c] = header.widths[c]
  end
  for i = 1, n do
    local row = { texts = {}, widths = {} }
    for c, name in ipairs(columns) do
      local value = v[i][name]
      if value == nil then
        row.texts[c], row.widths[c] = "", 0
      else
        row.texts[c], row.widths[c] = cell(value)
      end
      if row.widths[c] > widths[c] then widths[c] = row.widths[c] end
    end
    cells[i] = row
  end
  local function line(row)
    local out = {}
    for c, text in ipairs(row.texts) do
      out[c] = c < #row.texts and (text .. rep(" ", widths[c] - row.widths[c])) or text
    end
    return (gsub(concat(out, "  "), "%s+$", ""))
  end
  local rules = { texts = {}, widths = {} }
  for c in ipairs(columns) do rules.texts[c], rules.widths[c] = rep("-", widths[c]), widths[c] end
  local lines = { line(header), line(rules) }
  for i = 1, n do lines[#lines + 1] = line(cells[i]) end
  lines[#lines + 1] = "(" .. n .. (n == 1 and " row)" or " rows)")
  return concat(lines, "\n")
end

-- A presenter's text or list of pieces, visible, styled pieces coloured when the output
-- takes colour (an unknown style prints plain).
local function presented(shown)
  if type(shown) ~= "table" then return (visible(tostring(shown), "block")) end
  local out = {}
  for i, piece in ipairs(shown) do
    local code = nil
    if type(piece) == "table" then
      code = colour and STYLES[piece[2]]
      piece = piece[1]
    end
    local text = visible(tostring(piece), "block")
    out[i] = code and ("\27[" .. code .. "m" .. text .. "\27[0m") or text
  end
  return concat(out)
end

-- The text show prints for one value.
local function text(v)
  if type(v) == "string" then return (visible(v, "block")) end
  if type(v) == "number" then return number_text(v) end
  -- Tables print visible pieces only (escaped cells and strings, numbers, fixed words).
  if type(v) == "table" and getmetatable(v) == nil then
    for _, present in ipairs(presenters) do
      local shown = present(v)
      if shown ~= nil then return presented(shown) end
    end
    return record_list(v) or render(v, 1, {}, "")
  end
  return (visible(tostring(v), "block"))
end

--- Prints values as a person reads them: lists of records as tables, other tables
--- pretty-printed with sorted keys, strings as they are but for control characters.
local function show(...)
  for i = 1, select("#", ...) do write(text((select(i, ...))) .. "\n") end
end

return { show = show, text = text }
