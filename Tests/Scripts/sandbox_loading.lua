-- stdout: loading ok
-- What the default sandbox promises about code: load takes any text the script holds;
-- loadfile, dofile and require load files only from the script's folder and the
-- configuration folder; require's path cannot be changed; no debug, no C modules.
local function refused(pattern, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "allowed: " .. pattern)
  assert(tostring(err):find(pattern, 1, true), tostring(err))
end
local path = package.path
refused("package is read-only (cannot set 'path')", function() package.path = "/tmp/?.lua" end)
refused("package is read-only (cannot set 'searchers')", function() package.searchers = {} end)
refused("package is read-only (cannot set 'cpath')", function() package.cpath = "/tmp/?.so" end)
refused("package is read-only (cannot set 'path')", function() package.loaded.package.path = "/tmp/?.lua" end)
refused("package is read-only (cannot set 'path')", function() require("package").path = "/tmp/?.lua" end)
refused("bad argument #1 to 'rawset' (table expected, got module)", rawset, package, "path", "/tmp/?.lua")
assert(package.path == path and package.cpath == "" and package.loadlib == nil)
assert(not package.path:find("/usr/", 1, true), package.path)
refused("module 'debug' not found", require, "debug")
refused("module 'nosuchmodule' not found", require, "nosuchmodule")

-- require still finds modules next to the script, and package.loaded stays usable.
assert(require("lib.helper").answer == 42)
package.loaded["lib.helper"] = nil
assert(require("lib.helper").answer == 42)
package.preload.inline = function() return "preloaded" end
assert(require("inline") == "preloaded")

-- Reading is allowed everywhere, so text read from a file loads as any string does.
local text = assert(io.open("lib/helper.lua")):read("a")
assert(load(text)().answer == 42)
local none, why = loadfile()
assert(none == nil and why:find("standard input is not allowed"), tostring(why))
print("loading ok")
