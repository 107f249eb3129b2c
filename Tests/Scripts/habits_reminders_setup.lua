-- A reminder whose time comes while the script sets up, before app.loop() runs, still comes
-- once the loop runs: the shell's start is the first look, whoever the acting user turns out
-- to be (on PostgreSQL the login names them only after the engine is built).
-- args: --now 2026-11-29T20:59:00+09:00 --clock-speed 60
-- stdout: reminder during set-up ok
local floss = habits.create{name = "치실 🦷"}
habits.remind(floss.id, "21:00")
-- Set-up work that lasts until 21:00:10 of app time (about 1.2 s of real time).
local until_time = os.time{year = 2026, month = 11, day = 29, hour = 21, min = 0, sec = 10}
assert(os.time() < until_time - 15, "the set-up began before 21:00 (a slow start at this speed)")
while os.time() < until_time do end
local seen = {}
app.on("habits%.reminder", function(e) seen[#seen + 1] = e.habit.name .. " " .. e.params.time end)
app.after(60, function() app.stop() end)
assert(app.loop() == "stopped")
assert(table.concat(seen, ",") == "치실 🦷 21:00", "reminders seen: " .. table.concat(seen, ","))
print("reminder during set-up ok")
