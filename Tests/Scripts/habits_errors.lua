-- stdout: habits errors ok
-- Every error code of the habits routes, caught with pcall: a table with code, message,
-- route (the route's name) and, for invalid_argument, the field.
local function fails(route, code, field, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, route .. " did not fail with " .. code)
  assert(type(err) == "table", "not an error table: " .. tostring(err))
  assert(err.code == code, route .. ": expected " .. code .. ", got " .. tostring(err))
  assert(err.route == route, "route " .. tostring(err.route) .. " for " .. route)
  assert(type(err.message) == "string" and #err.message > 0, route)
  if field then
    assert(err.field == field, route .. ": field " .. tostring(err.field) .. ", expected " .. field)
  end
  local text = tostring(err)
  assert(text:find(route, 1, true) and text:find("[" .. code .. "]", 1, true), text)
  return err
end

local run = habits.create{name = "Run", start = "2026-11-01"}
local later = habits.create{name = "Later", start = "2026-12-05"}

-- invalid_argument: create.
fails("habits.create", "invalid_argument", "name", habits.create, {name = ""})
fails("habits.create", "invalid_argument", "name", habits.create, {name = "   "})
fails("habits.create", "invalid_argument", "name", habits.create, {name = " \n\t\r\n "})
fails("habits.create", "invalid_argument", "name", habits.create, {name = ("a"):rep(101)})
fails("habits.create", "invalid_argument", "name", habits.create, {name = ("가"):rep(101)})
fails("habits.create", "invalid_argument", "name", habits.create, {name = "\xff\xfe"})
fails("habits.create", "invalid_argument", "name", habits.create, {})
fails("habits.create", "invalid_argument", "name", habits.create, {name = 42})
fails("habits.create", "invalid_argument", "start", habits.create, {name = "X", start = "2026-02-30"})
fails("habits.create", "invalid_argument", "start", habits.create, {name = "X", start = "2026-13-01"})
fails("habits.create", "invalid_argument", "start", habits.create, {name = "X", start = "tomorrow"})
fails("habits.create", "invalid_argument", "start", habits.create, {name = "X", start = "2026-11-29T08:00:00+09:00"})
fails("habits.create", "invalid_argument", "start", habits.create, {name = "X", start = 20261129})
fails("habits.create", "invalid_argument", "no", habits.create, {name = "X", no = "x"})
fails("habits.create", "invalid_argument", nil, habits.create, "X")

-- invalid_argument: rename, as create.
fails("habits.rename", "invalid_argument", "name", habits.rename, run.id, "")
fails("habits.rename", "invalid_argument", "name", habits.rename, run.id, "  \n ")
fails("habits.rename", "invalid_argument", "name", habits.rename, run.id, ("a"):rep(101))
fails("habits.rename", "invalid_argument", "name", habits.rename, "Run", "\t")

-- invalid_argument: days and options of the other routes.
fails("habits.complete", "invalid_argument", "on", habits.complete, run.id, {on = "2026-02-30"})
fails("habits.complete", "invalid_argument", "on", habits.complete, run.id, {on = "tomorrow"})
fails("habits.complete", "invalid_argument", "on", habits.complete, run.id, {on = 20261128})
fails("habits.complete", "invalid_argument", "no", habits.complete, run.id, {no = "x"})
fails("habits.uncomplete", "invalid_argument", "on", habits.uncomplete, run.id, {on = "2026-11-31"})
fails("habits.uncomplete", "invalid_argument", "no", habits.uncomplete, run.id, {no = "x"})
fails("habits.completions", "invalid_argument", "from", habits.completions, run.id, {from = "yesterday"})
fails("habits.completions", "invalid_argument", "to", habits.completions, run.id, {to = "2026-04-31"})
fails("habits.completions", "invalid_argument", "no", habits.completions, run.id, {no = "x"})
fails("habits.day", "invalid_argument", "on", habits.day, {on = "2026-02-29"})
fails("habits.day", "invalid_argument", "no", habits.day, {no = "x"})
fails("habits.calendar", "invalid_argument", "month", habits.calendar, run.id, {year = 2026, month = 13})
fails("habits.calendar", "invalid_argument", "month", habits.calendar, run.id, {year = 2026, month = 0})
fails("habits.calendar", "invalid_argument", "no", habits.calendar, run.id, {no = "x"})
fails("habits.stats", "invalid_argument", "as_of", habits.stats, run.id, {as_of = "2026-11-"})
fails("habits.stats", "invalid_argument", "no", habits.stats, run.id, {no = "x"})
fails("habits.list", "invalid_argument", "no", habits.list, {no = "x"})

-- habits.not_found: every route that takes a habit, by name and by an unknown id.
local unknown = "00000000-0000-4000-8000-000000000000"
for _, ref in ipairs{"Walk", unknown} do
  fails("habits.get", "habits.not_found", nil, habits.get, ref)
  fails("habits.rename", "habits.not_found", nil, habits.rename, ref, "Other")
  fails("habits.archive", "habits.not_found", nil, habits.archive, ref)
  fails("habits.unarchive", "habits.not_found", nil, habits.unarchive, ref)
  fails("habits.complete", "habits.not_found", nil, habits.complete, ref)
  fails("habits.uncomplete", "habits.not_found", nil, habits.uncomplete, ref)
  fails("habits.completions", "habits.not_found", nil, habits.completions, ref)
  fails("habits.calendar", "habits.not_found", nil, habits.calendar, ref)
  fails("habits.stats", "habits.not_found", nil, habits.stats, ref)
  fails("habits.delete", "habits.not_found", nil, habits.delete, ref)
end

-- habits.name_taken: two active habits never share a name, ignoring case and Unicode form.
local twin1 = habits.create{name = "Twin", start = "2026-11-01"}
fails("habits.create", "habits.name_taken", "name", habits.create, {name = " twin "})
fails("habits.create", "habits.name_taken", "name", habits.create, {name = "TWIN"})
fails("habits.rename", "habits.name_taken", "name", habits.rename, run.id, "tWiN")
local cafe = habits.create{name = "Caf\u{E9} 🐶"}
fails("habits.create", "habits.name_taken", "name", habits.create, {name = "CAFE\u{301} 🐶"})
habits.delete(cafe.id)
-- habits.ambiguous: an archived habit and an active one with its name; never a guess, by
-- id each is reachable.
habits.archive(twin1.id)
local twin2 = habits.create{name = "Twin", start = "2026-11-01"}
fails("habits.get", "habits.ambiguous", nil, habits.get, "Twin")
fails("habits.complete", "habits.ambiguous", nil, habits.complete, "Twin")
fails("habits.rename", "habits.ambiguous", nil, habits.rename, "Twin", "One")
fails("habits.archive", "habits.ambiguous", nil, habits.archive, "Twin")
fails("habits.stats", "habits.ambiguous", nil, habits.stats, "Twin")
fails("habits.delete", "habits.ambiguous", nil, habits.delete, "Twin")
assert(#habits.completions(twin1.id) == 0 and #habits.completions(twin2.id) == 0)
assert(habits.get(twin1.id).name == "Twin" and habits.get(twin2.id).name == "Twin")
assert(habits.rename(twin2.id, "Twin 2").name == "Twin 2")
assert(habits.get("Twin").id == twin1.id)

-- habits.future_day: after today, for complete and uncomplete.
fails("habits.complete", "habits.future_day", nil, habits.complete, run.id, {on = "2026-11-30"})
fails("habits.complete", "habits.future_day", nil, habits.complete, run.id, {on = "2027-01-01"})
fails("habits.uncomplete", "habits.future_day", nil, habits.uncomplete, run.id, {on = "2026-11-30"})

-- habits.before_start: a day before the start; archiving before the period started.
fails("habits.complete", "habits.before_start", nil, habits.complete, run.id, {on = "2026-10-31"})
fails("habits.uncomplete", "habits.before_start", nil, habits.uncomplete, run.id, {on = "2026-10-31"})
fails("habits.complete", "habits.before_start", nil, habits.complete, later.id)
fails("habits.archive", "habits.before_start", nil, habits.archive, later.id)
assert(habits.get(later.id).archived == false)

-- habits.already_completed and habits.not_completed.
habits.complete(run.id, {on = "2026-11-10"})
fails("habits.complete", "habits.already_completed", nil, habits.complete, run.id, {on = "2026-11-10"})
fails("habits.uncomplete", "habits.not_completed", nil, habits.uncomplete, run.id, {on = "2026-11-11"})
fails("habits.uncomplete", "habits.not_completed", nil, habits.uncomplete, run.id)
habits.complete("Run")
fails("habits.complete", "habits.already_completed", nil, habits.complete, "Run")
fails("habits.complete", "habits.already_completed", nil, habits.complete, "Run", {on = "2026-11-29"})
assert(#habits.completions(run.id) == 2)

-- habits.already_archived, habits.not_archived, habits.outside_tracking_period.
fails("habits.unarchive", "habits.not_archived", nil, habits.unarchive, run.id)
local stopped = habits.create{name = "Stopped", start = "2026-11-01"}
habits.archive(stopped.id) -- ends yesterday, 2026-11-28: no completion today
fails("habits.archive", "habits.already_archived", nil, habits.archive, stopped.id)
fails("habits.complete", "habits.outside_tracking_period", nil, habits.complete, stopped.id)
fails("habits.uncomplete", "habits.outside_tracking_period", nil, habits.uncomplete, stopped.id)
assert(habits.complete(stopped.id, {on = "2026-11-28"}).completed_on == "2026-11-28")
-- The date checks come before the completion check.
fails("habits.uncomplete", "habits.future_day", nil, habits.uncomplete, stopped.id, {on = "2026-12-01"})
fails("habits.uncomplete", "habits.before_start", nil, habits.uncomplete, stopped.id, {on = "2026-10-01"})
-- A habit archived on its start day has no period left: archived all the same.
local gone = habits.create{name = "Gone"}
assert(#habits.archive(gone.id).tracking_periods == 0)
fails("habits.archive", "habits.already_archived", nil, habits.archive, gone.id)
fails("habits.complete", "habits.outside_tracking_period", nil, habits.complete, gone.id)
print("habits errors ok")
