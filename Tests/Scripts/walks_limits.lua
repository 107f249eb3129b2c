-- stdout: walk limits ok
-- walks.log takes what a walk can be: it has ended (not after now, 08:00 here), lasts at
-- most a day, has at most 100,000 steps and 100 km; a request's place name is at most 100
-- characters. Each refusal names its field and stores nothing.
local check = require("lib.check")
local function log(steps, distance, started, ended)
  return walks.log{steps = steps, distance = distance, started_at = started, ended_at = ended}
end
local function refused(field, ...)
  local err = check.fails("walks.log", "invalid_argument", log, ...)
  assert(err.field == field, field .. " expected, got " .. tostring(err.field) .. ": " .. tostring(err))
end
refused("ended_at", 100, 100, "2026-11-29T07:00:00+09:00", "2026-11-29T08:00:01+09:00")
refused("ended_at", 100, 100, "2026-11-26T07:00:00+09:00", "2026-11-29T07:00:00+09:00")
refused("steps", math.maxinteger, 100, "2026-11-29T07:00:00+09:00", "2026-11-29T07:40:00+09:00")
refused("distance", 100, 1e308, "2026-11-29T07:00:00+09:00", "2026-11-29T07:40:00+09:00")
assert(#walks.logs{} == 0, "nothing was stored")
local edge = log(100000, 100000, "2026-11-28T08:00:00+09:00", "2026-11-29T08:00:00+09:00")
assert(edge.duration == 86400 and #walks.logs{} == 1)

local function profile(nickname)
  profiles.save{nickname = nickname, dog = {name = "D", age = 1, sex = "male", size = "small", keywords = {"shy"}}}
end
app.login("mina") profile("Mina")
local code = mates.invite().code
app.login("joon") profile("Joon") mates.join(code)
local err = check.fails("walks.request", "invalid_argument", walks.request,
  {mate = "mina", message = "hi", place = {lat = 0, lng = 0, name = string.rep("가", 101)}})
assert(err.field == "place.name", tostring(err.field))
err = check.fails("walks.request", "invalid_argument", walks.request,
  {mate = "mina", message = "hi", place = {lat = 0, lng = 0, name = 5}})
assert(err.field == "place.name", tostring(err.field))
assert(#walks.outgoing() == 0)
assert(walks.request{mate = "mina", message = "hi", place = {lat = 0, lng = 0, name = string.rep("가", 100)}})
print("walk limits ok")
