-- stdout: habits bad input ok
-- Bad input is invalid_argument with the field, and changes nothing: the habits and
-- their completions are what they were before.
local function invalid(route, field, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, route .. " accepted bad input for " .. field)
  assert(type(err) == "table", tostring(err))
  assert(err.code == "invalid_argument", route .. ": " .. tostring(err))
  assert(err.route == route, tostring(err.route))
  assert(err.field == field, route .. ": field " .. tostring(err.field) .. ", expected " .. field)
end

local run = habits.create{name = "Run", start = "2026-11-01"}
habits.complete(run.id, {on = "2026-11-27"})
habits.complete(run.id, {on = "2026-11-28"})
local old = habits.create{name = "Old", start = "2026-11-01"}
habits.complete(old.id, {on = "2026-11-02"})
habits.archive(old.id)

local function snapshot()
  return json(habits.list{archived = "all"}) .. "\n"
    .. json(habits.completions(run.id)) .. "\n"
    .. json(habits.completions(old.id))
end
local before = snapshot()

-- A name of only spaces, or too long: no habit is made, no habit is renamed.
invalid("habits.create", "name", habits.create, {name = "     "})
invalid("habits.create", "name", habits.create, {name = "\n\n"})
invalid("habits.create", "name", habits.create, {name = ("x"):rep(101)})
invalid("habits.rename", "name", habits.rename, run.id, "     ")
invalid("habits.rename", "name", habits.rename, "Old", "\t\n")
invalid("habits.rename", "name", habits.rename, run.id, ("x"):rep(101))
-- Days that do not exist, words, numbers, another format.
invalid("habits.create", "start", habits.create, {name = "Ghost", start = "2026-02-30"})
invalid("habits.create", "start", habits.create, {name = "Ghost", start = "tomorrow"})
invalid("habits.create", "start", habits.create, {name = "Ghost", start = "2026-11-1"})
invalid("habits.create", "start", habits.create, {name = "Ghost", start = "29/11/2026"})
invalid("habits.complete", "on", habits.complete, run.id, {on = "2026-02-30"})
invalid("habits.complete", "on", habits.complete, run.id, {on = "tomorrow"})
invalid("habits.complete", "on", habits.complete, run.id, {on = 20261126})
invalid("habits.complete", "on", habits.complete, run.id, {on = 1.5})
invalid("habits.complete", "on", habits.complete, run.id, {on = true})
invalid("habits.uncomplete", "on", habits.uncomplete, run.id, {on = "2026-02-30"})
invalid("habits.uncomplete", "on", habits.uncomplete, run.id, {on = "tomorrow"})
invalid("habits.uncomplete", "on", habits.uncomplete, run.id, {on = 20261128})
-- An unknown option field is refused, not ignored: the valid part is not applied.
invalid("habits.create", "no", habits.create, {name = "Ghost", no = "x"})
invalid("habits.create", "no", habits.create, {name = "Ghost", start = "2026-11-01", no = "x"})
invalid("habits.complete", "no", habits.complete, run.id, {no = "x"})
invalid("habits.complete", "no", habits.complete, run.id, {on = "2026-11-26", no = "x"})
invalid("habits.uncomplete", "no", habits.uncomplete, run.id, {on = "2026-11-28", no = "x"})
invalid("habits.list", "no", habits.list, {no = "x"})
invalid("habits.completions", "no", habits.completions, run.id, {no = "x"})
invalid("habits.stats", "no", habits.stats, run.id, {no = "x"})
invalid("habits.calendar", "no", habits.calendar, run.id, {no = "x"})
invalid("habits.day", "no", habits.day, {no = "x"})
-- A number where a habit reference (a string) is expected.
invalid("habits.get", "ref", habits.get, 42)
invalid("habits.complete", "ref", habits.complete, 42)
invalid("habits.archive", "ref", habits.archive, 42)
invalid("habits.delete", "ref", habits.delete, 42)

assert(snapshot() == before, "bad input changed something:\n" .. snapshot() .. "\nwas\n" .. before)
assert(#habits.list{archived = "all"} == 2)
assert(habits.get(run.id).name == "Run" and habits.get(old.id).name == "Old")
local ok = pcall(habits.get, "Ghost")
assert(not ok, "a Ghost habit was made")
assert(#habits.completions(run.id) == 2)
print("habits bad input ok")
