-- A reminder at 02:30 on New York's spring day (02:00 EST becomes 03:00 EDT): it comes once,
-- at 03:00 EDT, as the loop's daily timers do, on the exact clock (--clock-speed instant).
-- args: --tz America/New_York --now 2026-03-08T01:50:00-05:00 --clock-speed instant
-- stdout: habits reminders dst ok
habits.create{name = "Floss", start = "2026-03-01"}
habits.remind("Floss", "02:30")
local seen = {}
app.on("habits%.reminder", function(e) seen[#seen + 1] = e.occurred_at:sub(1, 16) .. " " .. e.params.day end)
app.every("04:00", function() app.stop() end)
assert(app.loop() == "stopped")
local all = table.concat(seen, "\n")
assert(all == "2026-03-08T03:00 2026-03-08", all)
print("habits reminders dst ok")
