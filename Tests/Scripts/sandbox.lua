-- stdout: sandbox ok
-- The default sandbox: no processes, no writes, no binary chunks, no debug.
local function refused(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "allowed: " .. pattern)
  assert(tostring(err):find(pattern, 1, true), tostring(err))
end
refused("os.execute is not allowed", os.execute, "true")
refused("io.popen is not allowed", io.popen, "ls")
refused("os.remove is not allowed", os.remove, "sandbox.lua")
refused("os.rename is not allowed", os.rename, "sandbox.lua", "x.lua")
refused("mode 'w' is not allowed", io.open, "written.txt", "w")
refused("mode 'a' is not allowed", io.open, "written.txt", "a")
refused("io.output is not allowed", io.output, "written.txt")
refused("collectgarbage('stop') is not allowed", collectgarbage, "stop")
assert(io.open("written.txt", "r") == nil, "nothing was written")

-- Reading files is allowed.
local file = assert(io.open("sandbox.lua", "r"))
assert(file:read("l"):find("stdout: sandbox ok"))
file:close()

-- No debug library, no string.dump, no C modules.
assert(debug == nil and package.loaded.debug == nil)
assert(string.dump == nil and package.loadlib == nil and package.cpath == "")

-- Binary chunks are refused by load; text chunks load.
local f, message = load("\27Lua\84\0", "bin", "b")
assert(f == nil and message:find("binary"), message)
local f2 = load("\27Lua\84\0garbage")
assert(f2 == nil)
assert(load("return 1 + 1")() == 2)

-- loadfile and dofile read inside the script's folder only.
assert(dofile("lib/helper.lua").answer == 42)
assert(loadfile("lib/helper.lua")().answer == 42)
local nothing, why = loadfile("/etc/hostname")
assert(nothing == nil and why:find("outside the folders code may be loaded from"), tostring(why))
refused("outside the folders code may be loaded from", dofile, "../../Package.swift")
assert(require("lib.helper").answer == 42)

-- Module tables cannot be clobbered by accident.
refused("app is read-only", function() app.today = nil end)
assert(type(app.today) == "function")
assert(require("app") == app)

-- os keeps time and dates.
assert(type(os.time()) == "number" and type(os.clock()) == "number")
print("sandbox ok")
