-- args: --allow-io
-- stdout: allow-io ok
-- --allow-io opens io, os, debug and package as in lua5.4, binary chunks included.
local path = os.tmpname()
local file = assert(io.open(path, "w"))
file:write("written")
file:close()
assert(io.open(path, "r"):read("a") == "written")
assert(os.remove(path))
assert(type(os.execute) == "function")
local f, bad = load("\27Lua\84\0", "bin", "b")
assert(f == nil and bad:find("truncated"), bad)
-- Bytecode loads as in lua5.4: string.dump, load, loadfile and dofile of a binary file.
local dumped = string.dump(function(x) return x * 6 end)
assert(load(dumped, "dumped", "b")(7) == 42)
local binary = os.tmpname()
local out = assert(io.open(binary, "wb"))
out:write(string.dump(load("return 'from bytecode'")))
out:close()
assert(loadfile(binary)() == "from bytecode" and dofile(binary) == "from bytecode")
os.remove(binary)
-- loadfile reads outside the script's folder.
local outside = os.tmpname()
local chunk = assert(io.open(outside, "w"))
chunk:write("return 7")
chunk:close()
assert(assert(loadfile(outside))() == 7)
os.remove(outside)
-- debug and lua5.4's package: require "debug", four searchers, package.path changeable.
assert(require("debug") == debug and type(debug.getinfo) == "function")
assert(#package.searchers == 4 and package.cpath ~= "" and type(package.loadlib) == "function")
local dir = os.tmpname()
os.remove(dir)
assert(os.execute("mkdir " .. dir))
local module = assert(io.open(dir .. "/far_away.lua", "w"))
module:write("return 'far'")
module:close()
package.path = dir .. "/?.lua;" .. package.path
assert(require("far_away") == "far")
os.remove(dir .. "/far_away.lua")
os.remove(dir)
-- The app's folders still come first in package.path.
assert(require("lib.helper").answer == 42)
print("allow-io ok")
