-- stdout: walks ok
-- Walk requests go only to mates; the recipient answers, the sender cancels; answers are
-- final; a third user sees and answers nothing; bad input changes nothing.
local function profile(nickname)
  profiles.save{nickname = nickname, dog = {name = "D", age = 1, sex = "male", size = "small", keywords = {"shy"}}}
end
app.login("mina") profile("Mina")
local code = mates.invite().code
app.login("joon") profile("Joon")
mates.join(code)
app.login("sol") profile("Sol")

app.login("mina")
local ok0, e0 = pcall(walks.request, {mate = "sol", message = "walk?", place = {lat = 37.5, lng = 127}})
assert(not ok0 and e0.code == "walks.not_a_mate", tostring(e0))

local function refused(field, message, place)
  local ok, e = pcall(walks.request, {mate = "joon", message = message, place = place})
  assert(not ok and e.code == "invalid_argument", tostring(e))
  assert(e.field == field, field .. " expected, got " .. tostring(e.field))
end
refused("message", "   ", {lat = 0, lng = 0})
refused("message", string.rep("가", 101), {lat = 0, lng = 0})
refused("place.lat", "hi", {lat = 90.5, lng = 0})
refused("place.lng", "hi", {lat = 0, lng = -180.5})
refused("place.lat", "hi", {lat = 0 / 0, lng = 0})
refused("place.lng", "hi", {lat = 0, lng = math.huge})
assert(#walks.outgoing() == 0, "nothing was written")

local request = walks.request{mate = "joon", message = " 한강 갈래? ", place = {lat = 37.52, lng = 126.93, name = "망원"}}
assert(request.status == "pending" and request.message == "한강 갈래?" and request.from == "mina" and request.to == "joon")
assert(request.created_at == "2026-11-29T08:00:00+09:00" and request.expires_at == "2026-11-29T08:01:00+09:00")
assert(request.place.name == "망원" and request.place.lat == 37.52)
local ok1, e1 = pcall(walks.accept, request.id)
assert(not ok1 and e1.code == "forbidden", "the sender cannot accept")

app.login("sol")
local ok2, e2 = pcall(walks.accept, request.id)
assert(not ok2 and e2.code == "walks.not_found", "a third user sees nothing")
local ok3, e3 = pcall(walks.cancel, request.id)
assert(not ok3 and e3.code == "walks.not_found")
assert(#walks.incoming() == 0 and #walks.outgoing() == 0)

app.login("joon")
assert(#walks.incoming{status = "pending"} == 1)
local ok4, e4 = pcall(walks.cancel, request.id)
assert(not ok4 and e4.code == "forbidden", "the recipient cannot cancel")
assert(walks.accept(request.id).status == "accepted")
local ok5, e5 = pcall(walks.decline, request.id)
assert(not ok5 and e5.code == "walks.not_pending", "accepted is final")
app.login("mina")
local ok6, e6 = pcall(walks.cancel, request.id)
assert(not ok6 and e6.code == "walks.not_pending")
assert(walks.outgoing{status = "accepted"}[1].id == request.id)

-- Walk logs.
local log = walks.log{steps = 4200, distance = 3100.5, started_at = "2026-11-29T07:00:00+09:00",
  ended_at = "2026-11-29T07:40:00+09:00"}
assert(log.duration == 2400 and log.steps == 4200)
local ok7, e7 = pcall(walks.log, {steps = -1, distance = 0, started_at = "2026-11-29T07:00:00+09:00",
  ended_at = "2026-11-29T07:40:00+09:00"})
assert(not ok7 and e7.field == "steps")
local ok8, e8 = pcall(walks.log, {steps = 1, distance = 0, started_at = "2026-11-29T07:00:00+09:00",
  ended_at = "2026-11-29T06:40:00+09:00"})
assert(not ok8 and e8.field == "ended_at")
assert(#walks.logs{from = "2026-11-29", to = "2026-11-29"} == 1)
assert(#walks.logs{from = "2026-11-30"} == 0)
print("walks ok")
