-- A runaway callback is stopped at --timeout and reported with its line; so is one that
-- fails or passes --max-memory; the loop goes on each time, and the script after it.
-- args: --timeout 1 --max-memory 32 --clock-speed 20
-- stderr: app.every(1) callback failed; the loop goes on: FILE:11: timeout: the callback ran longer than 1 s (--timeout)
-- stderr: app.every(1) callback failed; the loop goes on: FILE:12: boom
-- stderr: app.every(1) callback failed; the loop goes on: not enough memory (the Lua heap is capped at 32 MB
-- stdout: after the loop 4
local n = 0
app.every(1, function(timer)
  n = n + 1
  if n == 1 then while true do end end
  if n == 2 then error("boom") end
  if n == 3 then local t = {} for i = 1, 1e8 do t[i] = ("x"):rep(4194304) .. i end end
  if n == 4 then assert(timer:off()) app.stop() end
end)
-- The loop lasts longer than the script's --timeout of 1 s: time in the loop does not count.
assert(app.loop() == "stopped")
print("after the loop " .. n)
