-- The script's own --timeout stands still while app.loop() runs, and holds again after it.
-- args: --timeout 1 --clock-speed 100
-- exit: 1
-- stdout: the loop took more than the timeout
-- stderr: timeout: the chunk ran longer than 1 s (--timeout)
local started = os.time()
app.after(150, app.stop)     -- 1.5 s of real time
assert(app.loop() == "stopped")
assert(os.time() - started >= 150)
print("the loop took more than the timeout")
io.stdout:flush()
while true do end
