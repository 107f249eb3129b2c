-- args: --max-memory 16
-- stdout: json: not enough memory
-- stdout: still alive
-- Converting a Lua table to Swift (json, route arguments, --json) counts against the
-- cap: a table that fits in Lua but not in the rest of the cap is refused with "not
-- enough memory" as a Lua error, not an abort.
local t = {}
for i = 1, 150000 do t[i] = "entry " .. i end
local ok, err = pcall(json, t)
print("json: " .. (ok and "converted" or tostring(err)))
t = nil
collectgarbage()
print(json({ 1, 2 }) == "[1,2]" and "still alive" or "broken")
