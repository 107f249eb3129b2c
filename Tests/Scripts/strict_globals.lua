-- stdout: strict ok
-- A script may lock its globals; the shell's own work (arg, results) never trips on it.
setmetatable(_G, { __newindex = function(_, key) error("undeclared " .. key, 2) end,
                   __index = function(_, key) error("undeclared " .. key, 2) end })
assert(type(arg) == "table")
local ok, err = pcall(function() undeclared_name = 1 end)
assert(not ok and err:find("undeclared undeclared_name"))
assert(habits.list ~= nil)
print("strict ok")
