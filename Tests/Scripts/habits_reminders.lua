-- Reminders in a running loop, on the exact clock: from 20:50 in Seoul, the loop jumping to
-- each timer and reminder as it comes, the 21:00 reminders come ten minutes of app time later.
-- args: --now 2026-11-29T20:50:00+09:00 --clock-speed instant
-- stdout: habits reminders ok
local check = require("lib.check")

local floss = habits.create{name = "치실 🦷"}
habits.create{name = "Run"}
habits.create{name = "Read"}
habits.create{name = "Gym", frequency = {weekdays = {"mon"}}}   -- 2026-11-29 is a Sunday
habits.create{name = "Rest"}
habits.skip("Rest")
habits.complete("Run")                                          -- done before 21:00
assert(habits.remind(floss.id, "21:00").name == "치실 🦷")
habits.remind("Run", "21:00")
habits.remind("Gym", "21:00")
habits.remind("Rest", "21:00")
check.fails("habits.remind", "invalid_argument", habits.remind, "Run", "25:00")
check.fails("habits.remind", "habits.reminder_exists", habits.remind, "Run", "21:00")
check.fails("habits.unremind", "habits.no_reminder", habits.unremind, "Read")
assert(#habits.reminders() == 4)

local seen = {}
app.on("habits%.reminder", function(e)
  seen[#seen + 1] = e.habit.name .. " " .. e.params.time .. " " .. e.params.day
end)
-- Set while the loop runs: counts.
app.after(5 * 60, function() habits.remind("Read", "21:05") end)
app.every("21:30", function() app.stop() end)
local why = app.loop()
assert(why == "stopped", why)
local all = table.concat(seen, "\n")
assert(all == "치실 🦷 21:00 2026-11-29\nRead 21:05 2026-11-29", all)

-- The events are stored as every event is: the habit by its id, never its name.
local stored = {}
for _, e in ipairs(events.list{}) do
  if e.name == "habits.reminder" then
    stored[#stored + 1] = e
    assert(e.params.ref:match("^%x+%-"), "the ref is an id: " .. e.params.ref)
  end
end
assert(#stored == 2, #stored)
assert(stored[1].params.ref == floss.id)

-- Off again.
assert(#habits.unremind(floss.id) == 1)
assert(#habits.reminders() == 4)
print("habits reminders ok")
