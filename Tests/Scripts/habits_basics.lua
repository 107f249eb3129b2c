-- stdout: habits basics ok
-- habits.create, get, list, rename, complete, uncomplete, completions and delete as
-- docs/lua-api.md describes them: field names, shapes, ids, days and instants.
local NOW = "2026-11-29T08:00:00+09:00"
local TODAY = "2026-11-29"

local function is_id(s)
  return type(s) == "string" and s == s:lower()
    and s:match("^%x%x%x%x%x%x%x%x%-%x%x%x%x%-%x%x%x%x%-%x%x%x%x%-%x%x%x%x%x%x%x%x%x%x%x%x$") ~= nil
end
local check = require("lib.check")
local keys = check.keys
local fails = check.fails
local HABIT_KEYS = "archived,created_at,id,name,start_day,tracking_periods,updated_at"
local COMPLETION_KEYS = "completed_on,habit_id,id,recorded_at"

-- create: the name is trimmed of white space and newlines, start defaults to today,
-- one open tracking period from the start day.
local run = habits.create{name = "  Run \n\t"}
assert(keys(run) == HABIT_KEYS, keys(run))
assert(is_id(run.id), tostring(run.id))
assert(run.name == "Run", run.name)
assert(run.start_day == TODAY, run.start_day)
assert(run.archived == false, tostring(run.archived))
assert(run.created_at == NOW, run.created_at)
assert(run.updated_at == NOW, run.updated_at)
assert(type(run.tracking_periods) == "table" and keys(run.tracking_periods) == "1", keys(run.tracking_periods))
local period = run.tracking_periods[1]
assert(keys(period) == "start", keys(period))
assert(period.start == TODAY and period["end"] == nil, json(period))

-- A start in the past or in the future; inner white space is kept.
local read = habits.create{name = "Read  a book", start = "2026-11-01"}
assert(read.name == "Read  a book", read.name)
assert(read.start_day == "2026-11-01" and read.tracking_periods[1].start == "2026-11-01", json(read))
assert(read.id ~= run.id)
local swim = habits.create{name = "Swim", start = "2026-12-05"}
assert(swim.start_day == "2026-12-05" and swim.archived == false, json(swim))
assert(#swim.tracking_periods == 1 and swim.tracking_periods[1].start == "2026-12-05", json(swim))

-- A name of exactly 100 characters (not bytes) is allowed.
local long = habits.create{name = ("가"):rep(100)}
assert(utf8.len(long.name) == 100, long.name)
local latin = habits.create{name = ("a"):rep(100)}
assert(#latin.name == 100)
-- The limit applies after trimming.
local padded = habits.rename(latin.id, "  " .. ("b"):rep(100) .. "\n")
assert(padded.name == ("b"):rep(100), padded.name)

-- get: by id and by exact name, the same habit; results are copies.
assert(json(habits.get(run.id)) == json(run))
assert(json(habits.get("Run")) == json(run))
assert(json(habits.get("Read  a book")) == json(read))
local copy = habits.get(run.id)
copy.name = "changed"
copy.tracking_periods[1].start = "1999-01-01"
assert(habits.get(run.id).name == "Run")
assert(habits.get(run.id).tracking_periods[1].start == TODAY)
-- An exact name: another case is another name.
fails("habits.get", "habits.not_found", habits.get, "run")

-- list: oldest first; every element a habit.
local all = habits.list{}
assert(#all == 5, #all)
local order = {run.id, read.id, swim.id, long.id, latin.id}
for i, h in ipairs(all) do
  assert(keys(h) == HABIT_KEYS, keys(h))
  assert(h.id == order[i], "list position " .. i .. ": " .. h.name)
end
assert(#habits.list() == 5)
assert(json(habits.list()) == json(all))

-- list filters: default active only, archived = true only archived, "all" both.
habits.archive(long.id)
habits.archive(latin.id)
local active = habits.list{}
assert(#active == 3, #active)
for i, h in ipairs(active) do assert(h.id == order[i] and h.archived == false) end
local archived = habits.list{archived = true}
assert(#archived == 2, #archived)
assert(archived[1].id == long.id and archived[2].id == latin.id)
for _, h in ipairs(archived) do assert(h.archived == true) end
local both = habits.list{archived = "all"}
assert(#both == 5, #both)
for i, h in ipairs(both) do assert(h.id == order[i], "all position " .. i) end
habits.delete(long.id)
habits.delete(latin.id)

-- rename: trimmed like create, by id or by name; the id, start and periods stay.
local renamed = habits.rename(run.id, "  Jog\n")
assert(keys(renamed) == HABIT_KEYS, keys(renamed))
assert(renamed.id == run.id and renamed.name == "Jog", json(renamed))
assert(renamed.start_day == run.start_day and renamed.created_at == run.created_at)
assert(json(renamed.tracking_periods) == json(run.tracking_periods))
assert(renamed.updated_at == NOW)
assert(habits.get("Jog").id == run.id)
fails("habits.get", "habits.not_found", habits.get, "Run")
assert(habits.rename("Jog", "Run").name == "Run")
assert(habits.get(run.id).name == "Run")

-- complete: today by default; a completion is {id, habit_id, completed_on, recorded_at}.
local today = habits.complete(run.id)
assert(keys(today) == COMPLETION_KEYS, keys(today))
assert(is_id(today.id), tostring(today.id))
assert(today.habit_id == run.id)
assert(today.completed_on == TODAY, today.completed_on)
assert(today.recorded_at == NOW, today.recorded_at)

-- Past days, by name or by id, the start day included.
local third = habits.complete("Read  a book", {on = "2026-11-03"})
assert(third.completed_on == "2026-11-03" and third.habit_id == read.id, json(third))
assert(third.recorded_at == NOW)
local first = habits.complete(read.id, {on = "2026-11-01"})
assert(first.completed_on == "2026-11-01")
local last = habits.complete(read.id, {})
assert(last.completed_on == TODAY)
assert(first.id ~= third.id and third.id ~= last.id and last.id ~= today.id)

-- completions: by day, whatever the order they were recorded in; range bounds included.
local function days(list)
  local out = {}
  for i, c in ipairs(list) do
    assert(keys(c) == COMPLETION_KEYS, keys(c))
    assert(c.habit_id == read.id)
    out[i] = c.completed_on
  end
  return table.concat(out, " ")
end
local list = habits.completions(read.id)
assert(days(list) == "2026-11-01 2026-11-03 2026-11-29", days(list))
assert(list[1].id == first.id and list[2].id == third.id and list[3].id == last.id)
assert(json(list[2]) == json(third))
assert(days(habits.completions("Read  a book", {})) == "2026-11-01 2026-11-03 2026-11-29")
assert(days(habits.completions(read.id, {from = "2026-11-02"})) == "2026-11-03 2026-11-29")
assert(days(habits.completions(read.id, {to = "2026-11-03"})) == "2026-11-01 2026-11-03")
assert(days(habits.completions(read.id, {from = "2026-11-03", to = "2026-11-03"})) == "2026-11-03")
assert(days(habits.completions(read.id, {from = "2026-11-01", to = "2026-11-29"})) == "2026-11-01 2026-11-03 2026-11-29")
local none = habits.completions(read.id, {from = "2026-11-04", to = "2026-11-28"})
assert(type(none) == "table" and #none == 0 and next(none) == nil)
-- Another habit's completions are its own.
local runs = habits.completions(run.id)
assert(#runs == 1 and runs[1].id == today.id, json(runs))
assert(#habits.completions(swim.id) == 0)

-- uncomplete: returns the removed completion; today by default.
local removed = habits.uncomplete(read.id, {on = "2026-11-03"})
assert(keys(removed) == COMPLETION_KEYS, keys(removed))
assert(json(removed) == json(third), json(removed))
assert(days(habits.completions(read.id)) == "2026-11-01 2026-11-29")
local removed_today = habits.uncomplete("Read  a book")
assert(removed_today.id == last.id and removed_today.completed_on == TODAY)
assert(days(habits.completions(read.id)) == "2026-11-01")
-- The day can be completed again, as a new completion.
local again = habits.complete(read.id, {on = "2026-11-03"})
assert(again.id ~= third.id and again.completed_on == "2026-11-03")
assert(days(habits.completions(read.id)) == "2026-11-01 2026-11-03")

-- delete: returns nil; the habit and its completions are gone.
local results = table.pack(habits.delete(read.id))
assert(results[1] == nil, tostring(results[1]))
fails("habits.get", "habits.not_found", habits.get, read.id)
fails("habits.get", "habits.not_found", habits.get, "Read  a book")
fails("habits.completions", "habits.not_found", habits.completions, read.id)
fails("habits.delete", "habits.not_found", habits.delete, read.id)
for _, h in ipairs(habits.list{archived = "all"}) do assert(h.id ~= read.id) end
for _, o in ipairs(habits.overview()) do assert(o.id ~= read.id) end
-- The name is free again: a new habit, with no completions.
local reborn = habits.create{name = "Read  a book", start = "2026-11-01"}
assert(reborn.id ~= read.id)
assert(#habits.completions("Read  a book") == 0)
assert(habits.get("Read  a book").id == reborn.id)
-- Delete by name; the other habits stay.
assert(habits.delete("Swim") == nil)
local left = habits.list{archived = "all"}
assert(#left == 2 and left[1].id == run.id and left[2].id == reborn.id, json(left))
assert(#habits.completions(run.id) == 1)
print("habits basics ok")
