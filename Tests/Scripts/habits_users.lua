-- args: --user joon
-- stdout: habits users ok
-- Each user has their own habits: app.login switches user, and another user's habit
-- does not exist for you (habits.not_found), by id or by name.
local function not_found(route, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, route .. " reached another user's habit")
  assert(type(err) == "table" and err.code == "habits.not_found", route .. ": " .. tostring(err))
  assert(err.route == route, tostring(err.route))
end

assert(app.user().name == "joon")
local run = habits.create{name = "Run", start = "2026-11-01"}
habits.complete(run.id, {on = "2026-11-27"})
habits.complete(run.id, {on = "2026-11-28"})
local read = habits.create{name = "Read", start = "2026-11-01"}
habits.archive(read.id)
local joon_before = json(habits.list{archived = "all"}) .. json(habits.completions(run.id))
local joon_stats = json(habits.stats(run.id))

-- mina sees none of it.
local mina = app.login("mina")
assert(mina.name == "mina" and app.user().name == "mina")
assert(#habits.list() == 0 and #habits.list{archived = true} == 0 and #habits.list{archived = "all"} == 0)
assert(#habits.overview() == 0)
assert(#habits.today() == 0 and #habits.day{on = "2026-11-28"} == 0)
for _, ref in ipairs{run.id, "Run", read.id, "Read"} do
  not_found("habits.get", habits.get, ref)
  not_found("habits.rename", habits.rename, ref, "Mine now")
  not_found("habits.archive", habits.archive, ref)
  not_found("habits.unarchive", habits.unarchive, ref)
  not_found("habits.complete", habits.complete, ref)
  not_found("habits.complete", habits.complete, ref, {on = "2026-11-26"})
  not_found("habits.uncomplete", habits.uncomplete, ref, {on = "2026-11-28"})
  not_found("habits.completions", habits.completions, ref)
  not_found("habits.calendar", habits.calendar, ref)
  not_found("habits.stats", habits.stats, ref)
  not_found("habits.delete", habits.delete, ref)
end

-- mina's own "Run" is hers; the same name is not ambiguous across users.
local mine = habits.create{name = "Run", start = "2026-11-20"}
assert(mine.id ~= run.id)
assert(habits.get("Run").id == mine.id)
habits.complete("Run")
assert(#habits.completions("Run") == 1)
local list = habits.list{archived = "all"}
assert(#list == 1 and list[1].id == mine.id, json(list))
local today = habits.today()
assert(#today == 1 and today[1].habit.id == mine.id and today[1].state == "completed", json(today))
local overview = habits.overview()
assert(#overview == 1 and overview[1].id == mine.id)
assert(habits.stats("Run").eligible_tracking_days == 10)

-- Back to joon: nothing of joon's changed, and mina's habit is not found.
assert(app.login("joon").name == "joon")
assert(json(habits.list{archived = "all"}) .. json(habits.completions(run.id)) == joon_before)
assert(json(habits.stats(run.id)) == joon_stats)
assert(habits.get("Run").id == run.id)
not_found("habits.get", habits.get, mine.id)
not_found("habits.complete", habits.complete, mine.id, {on = "2026-11-25"})
not_found("habits.delete", habits.delete, mine.id)
local joon_today = habits.today()
assert(#joon_today == 1 and joon_today[1].habit.id == run.id and joon_today[1].state == "pending")
assert(#habits.overview() == 2)

-- A third user, made on first use, starts empty too.
app.login("sol")
assert(#habits.list{archived = "all"} == 0)
not_found("habits.get", habits.get, run.id)
not_found("habits.get", habits.get, mine.id)

-- mina's data is still hers after all that.
app.login("mina")
assert(habits.get(mine.id).name == "Run")
assert(#habits.completions(mine.id) == 1)
print("habits users ok")
