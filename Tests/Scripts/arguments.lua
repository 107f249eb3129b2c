-- stdout: arguments ok
-- The script gets arg and ... as in lua.
assert(arg[0] == "arguments.lua", tostring(arg[0]))
assert(select("#", ...) == 0)
assert(#arg == 0)
assert(type(arg[-1]) == "string")
print("arguments ok")
