-- stdout: events ok
-- events.emit checks its name and params; every route call is an event, free text by length.
local function refused(field, ...)
  local ok, err = pcall(events.emit, ...)
  assert(not ok and err.code == "invalid_argument", tostring(err))
  assert(err.field == field, tostring(err.field))
end
refused("name", "")
refused("name", "Has.Upper")
refused("name", "with space")
refused("name", string.rep("a", 65))
refused("params", "ok", {n = 1})
refused("params", "ok", {nested = {}})

local e = events.emit("morning.done", {mood = "good"})
assert(e.name == "morning.done" and e.params.mood == "good" and e.view == nil)
assert(math.type(e.id) == "integer")
assert(e.occurred_at == "2026-11-29T08:00:00.000+09:00", e.occurred_at)

bookstories.create{book = {title = "T", author = "A"}, quotes = {"q"}, content = "nobody reads this"}
local found
for _, event in ipairs(events.list{name = "bookstories.create"}) do found = event end
assert(found and found.view == "bookstories")
assert(found.params.content == nil and found.params.content_length == "17", json(found.params))
assert(#events.list{limit = 1} == 1)
local ok, err = pcall(events.list, {limit = 0})
assert(not ok and err.field == "limit")
local ok2, err2 = pcall(events.flush, {})
assert(not ok2 and err2.code == "events.sink_failed")
print("events ok")
