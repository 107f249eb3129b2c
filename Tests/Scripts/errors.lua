-- stdout: errors ok
-- Route errors are tables with code, message, route, field and a __tostring.
local ok, err = pcall(app.login, "")
assert(not ok)
assert(type(err) == "table", "errors are tables")
assert(err.code == "invalid_argument", err.code)
assert(err.route == "app.login", tostring(err.route))
assert(err.field == "name", tostring(err.field))
assert(err.message:find("1 to 32 characters"), err.message)
assert(tostring(err) == "app.login: " .. err.message .. " [invalid_argument]", tostring(err))

-- Raised from a Lua line, the error carries that position.
local ok2, err2 = pcall(function() app.login("bad name") end)
assert(not ok2)
assert(err2.where == "errors.lua:13: ", tostring(err2.where))
assert(tostring(err2):find("^errors.lua:13: app.login: "), tostring(err2))

-- Wrong types are invalid_argument, worded like Lua's own.
local ok3, err3 = pcall(app.login, 42)
assert(not ok3 and err3.code == "invalid_argument")
assert(err3.message == "bad argument #1 to 'app.login' (string expected, got number)", err3.message)
local ok4, err4 = pcall(app.login)
assert(not ok4 and err4.message:find("got no value"), err4.message)
local ok5, err5 = pcall(app.login, "a", "b")
assert(not ok5 and err5.message:find("too many arguments"), err5.message)
local ok6, err6 = pcall(app.login, "\xff\xfe")
assert(not ok6 and err6.message:find("not valid UTF%-8"), err6.message)

-- The error metatable is locked.
assert(getmetatable(err) == "locked")
print("errors ok")
