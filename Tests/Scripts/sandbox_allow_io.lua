-- args: --allow-io
-- stdout: allow-io ok
-- --allow-io opens io and os whole; binary chunks stay refused.
local path = os.tmpname()
local file = assert(io.open(path, "w"))
file:write("written")
file:close()
assert(io.open(path, "r"):read("a") == "written")
assert(os.remove(path))
assert(type(os.execute) == "function")
local f = load("\27Lua\84\0", "bin", "b")
assert(f == nil)
-- loadfile reads outside the script's folder.
local outside = os.tmpname()
local chunk = assert(io.open(outside, "w"))
chunk:write("return 7")
chunk:close()
assert(assert(loadfile(outside))() == 7)
os.remove(outside)
print("allow-io ok")
