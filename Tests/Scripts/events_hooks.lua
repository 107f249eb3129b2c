-- stdout: hooks ok
-- stderr: hook failed on habits.complete
-- stderr: events_hooks.lua:28: on purpose
-- app.on hooks run after matching events, in order, with the event table; :off() removes
-- one; a hook's error is reported with its line and does not undo the route.
habits.create{name = "Walk the dog"}
habits.create{name = "Read"}

local seen = {}
local handle = app.on("habits%.complete", function(event)
  -- A habit's name is private: its event keeps the ref's length (an id would be kept).
  seen[#seen + 1] = event.name .. ":" .. event.params.ref_length
  assert(event.view == "habits" and event.occurred_at == "2026-11-29T08:00:00.000+09:00")
end)
-- A walk logged elsewhere completes "Walk the dog": here an emitted event stands in for it.
app.on("walk%.logged", function(event) habits.complete("Walk the dog") end)

habits.complete("Read")
assert(#seen == 1 and seen[1] == "habits.complete:4", table.concat(seen, ","))
events.emit("walk.logged", {steps = "4200"})
assert(habits.stats("Walk the dog").total_completed_days == 1, "the hook completed the habit")
assert(#seen == 1, "events made inside a hook fire no hooks")

assert(handle:off() == true and handle:off() == false)
habits.uncomplete("Read")
assert(#seen == 1, "an removed hook no longer runs")

local failing = app.on("habits%..*", function() error("on purpose") end)
local completion = habits.complete("Read")
assert(completion.completed_on == "2026-11-29", "the route stands despite the hook's error")
failing:off()

local ok, err = pcall(app.on, "[", function() end)
assert(not ok and tostring(err):find("Lua pattern expected"))
local ok2 = pcall(app.on, "x", "not a function")
assert(not ok2)
print("hooks ok")
