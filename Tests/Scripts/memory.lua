-- args: --max-memory 16
-- exit: 1
-- stderr: not enough memory
-- stderr: --max-memory
-- no-stdout: escaped
-- A table bomb hits the cap and ends with a clean error, not a crash.
local t = {}
for i = 1, 1e9 do t[i] = ("x"):rep(64) .. i end
print("escaped")
