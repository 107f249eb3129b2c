-- The repeated hour of Berlin's autumn change: a daily 02:30 fires once, at the first.
-- args: --now 2026-10-24T23:00:00+02:00 --tz Europe/Berlin --clock-speed instant
-- stdout: loop_fall_back ok
local fired = {}
app.every("02:30", function(_, due) fired[#fired + 1] = due end)
app.after(5 * 3600, app.stop)
assert(app.loop() == "stopped")
assert(#fired == 1 and fired[1] == "2026-10-25T02:30:00+02:00", table.concat(fired, ", "))
print("loop_fall_back ok")
