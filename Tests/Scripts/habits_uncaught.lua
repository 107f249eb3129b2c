-- exit: 1
-- stdout: completed 2026-11-29
-- stderr: FILE:11: habits.complete:
-- stderr: [habits.future_day]
-- no-stdout: after the error
-- An uncaught habits error ends the script with exit 1 and names the file and line,
-- the route and the code.
local run = habits.create{name = "Run"}
print("completed " .. habits.complete(run.id).completed_on)
local tomorrow = "2026-11-30"
habits.complete("Run", {on = tomorrow})
print("after the error")
