-- args: --max-memory 8
-- stdout: memory ok
-- Hitting the cap inside pcall is catchable and leaves the state usable.
local ok, err = pcall(string.rep, "x", 1 << 30)
assert(not ok and tostring(err):find("not enough memory"), tostring(err))
local ok2 = pcall(function()
  local t = {}
  for i = 1, 1e9 do t[i] = {i} end
end)
assert(not ok2)
collectgarbage()
assert(app.today() == "2026-11-29")
print("memory ok")
