-- show (Modules/Scripting/Resources/show.lua) under plain lua5.4, with an ASCII stand-in
-- for the engine's `visible` (escapes ESC, cuts at max columns with "…"), a recording
-- `write`, and one presenter. Run from the repository root by `make test`.
local function eq(got, want, what)
  if got ~= want then
    error((what or "value") .. ":\n got  " .. tostring(got) .. "\n want " .. tostring(want), 2)
  end
end

local function visible(s, _, max)
  s = s:gsub("\27", "\\x1b")
  if max and #s > max then s = s:sub(1, max - 1) .. "…"; return s, max end
  return s, #s
end
local written = {}
local presenter_calls = 0
local presenters = { function(v)
  presenter_calls = presenter_calls + 1
  if type(v) == "table" and v.kind == "dot" then return "dot " .. v.n .. "\27" end
end }
local chunk = assert(loadfile("Modules/Scripting/Resources/show.lua", "t"))
local show = chunk(visible, function(text) written[#written + 1] = text end, presenters)
local text = show.text

-- Records print as an aligned table: id and name first, then the other columns by name.
eq(text({ { name = "Run", id = 1, streak = 10 }, { name = "Read", id = 22 } }),
  "id  name  streak\n--  ----  ------\n1   Run   10\n22  Read\n(2 rows)", "record list")
-- A presenter's text is printed through visible; values it declines print as before.
eq(text({ kind = "dot", n = 3 }), "dot 3\\x1b", "presenter")
eq(text({ n = 3, list = { 1, 2 } }), "{list = {1, 2}, n = 3}", "generic table")
assert(presenter_calls >= 2, "presenters are asked first")

-- A presenter's list of pieces: every piece through visible; styles coloured only when the
-- output takes colour (an unknown style prints plain).
local pieces = { function(v)
  if type(v) == "table" and v.kind == "pieces" then
    return { "a ", { "#", "green" }, { "x\27", "red" }, { "?", "sparkly" }, "\27" }
  end
end }
local plain = chunk(visible, function() end, pieces, false).text
local coloured = chunk(visible, function() end, pieces, true).text
eq(plain({ kind = "pieces" }), "a #x\\x1b?\\x1b", "pieces, plain")
eq(coloured({ kind = "pieces" }), "a \27[32m#\27[0m\27[31mx\\x1b\27[0m?\\x1b", "pieces, coloured")
-- Strings keep their lines; numbers print as Lua prints them; cycles are named.
eq(text("a\nb\27"), "a\nb\\x1b", "string")
eq(text(3.0), "3.0", "float")
local cyclic = {}
cyclic.self = cyclic
eq(text(cyclic), "{self = <cycle>}", "cycle")
-- A cell is cut at 40 columns.
local long = string.rep("x", 50)
local row = text({ { name = long } }):match("\n[^\n]*\n([^\n]*)")
eq(row, string.rep("x", 39) .. "…", "a cell is cut")
-- show writes one line per value.
show.show(1, "two")
eq(table.concat(written, "|"), "1\n|two\n", "show writes lines")
print("show_spec: ok")
