-- stdout: read-only ok
-- Module tables are read-only in fact: nothing a script can reach replaces a route.
local function try(f) return pcall(f) end
local fake = function() return "fake" end
try(function() rawset(habits, "create", fake) end)
try(function() habits.create = fake end)
try(function() package.loaded.habits.create = fake end)
try(function() local _, t = pairs(habits); t.create = fake end)
try(function() require("habits").create = fake end)
try(function() rawset(bookstories.themes, "create", fake) end)
try(function() package.loaded["bookstories.themes"].create = fake end)
try(function() local _, t = pairs(bookstories.themes); t.create = fake end)
assert(habits.create ~= fake and bookstories.themes.create ~= fake)
assert(habits.create{name = "Real"}.name == "Real")

-- Still readable as before: fields, pairs, require, help, show.
local names = {}
for name in pairs(habits) do names[#names + 1] = name end
assert(#names > 5, #names)
assert(require("habits") == habits and require("bookstories.themes") == bookstories.themes)
assert(tostring(habits) == "module habits" and getmetatable(habits) == "locked")
local ok, err = pcall(function() habits.create = fake end)
assert(not ok and tostring(err):find("habits is read-only (cannot set 'create')", 1, true), tostring(err))
print("read-only ok")
