-- The repeated hour of Berlin's autumn change: a daily 02:30 fires once, at the first.
-- args: --now 2026-10-24T23:00:00+02:00 --tz Europe/Berlin --clock-speed 28800
-- stdout: loop_fall_back ok
local fired = {}
app.every("02:30", function() fired[#fired + 1] = os.date("%Y-%m-%d %H:%M %Z") end)
app.after(5 * 3600, app.stop)
assert(app.loop() == "stopped")
assert(#fired == 1 and fired[1] == "2026-10-25 02:30 CEST", table.concat(fired, ", "))
print("loop_fall_back ok")
