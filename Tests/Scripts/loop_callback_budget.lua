-- A loop script keeps a CPU budget: a callback that never ends is stopped at its own
-- deadline (--callback-timeout, here 0.2 s of real time), and the third such stop ends
-- app.loop() with app.loop_runaway; every later app.loop() of the process raises at once.
-- Before, the loop suspended --timeout and went on stopping callbacks forever.
-- args: --callback-timeout 0.2 --timeout 30 --clock-speed 100
-- exit: 1
-- stderr: app.every(1) callback failed; the loop goes on: FILE:16: timeout: the callback ran longer than 0.2 s (--callback-timeout)
-- stderr: app.every(1) callback failed; the loop ends: FILE:16: timeout: the callback ran longer than 0.2 s (--callback-timeout)
-- stderr: app.loop: 3 callbacks ran longer than 0.2 s (--callback-timeout) and were stopped; the loop ends
-- stderr: [app.loop_runaway]
-- stdout: caught app.loop_runaway after 3 callbacks
-- stdout: again at once
local n = 0
app.every(1, function()
  n = n + 1
  while true do end
end)
local started = os.time()
local ok, e = pcall(app.loop)
assert(not ok and type(e) == "table" and e.code == "app.loop_runaway", tostring(e))
print("caught " .. e.code .. " after " .. n .. " callbacks")
-- The callbacks' time on the clock that runs 100 times as fast: 3 seconds of timers and
-- three 0.2 s deadlines, well under the --timeout of 30 s.
assert(os.time() - started < 3000, os.time() - started)
ok, e = pcall(app.loop)
assert(not ok and e.code == "app.loop_runaway" and n == 3, tostring(e))
print("again at once")
io.stdout:flush()
app.loop()
print("never here")
