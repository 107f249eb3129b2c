-- args: --now 2026-11-29T08:00:00.250+09:00
-- stdout: instants ok
-- app.now() and the instants of records carry the milliseconds the database holds, as
-- events' instants do, so that a script can time what it sees.
local now = "2026-11-29T08:00:00.250+09:00"
assert(app.now() == now, app.now())
assert(habits.create{name = "Run"}.created_at == now)
local function dog(nickname)
  profiles.save{nickname = nickname, dog = {name = "D", age = 2, sex = "female", size = "small", keywords = {"shy"}}}
end
app.login("me") dog("me")
local code = mates.invite().code
app.login("mina") dog("mina") mates.join(code)
local request = walks.request{mate = "me", message = "walk?", place = {lat = 37.5, lng = 126.9}}
assert(request.created_at == now, request.created_at)
assert(request.expires_at == "2026-11-29T08:01:00.250+09:00", request.expires_at)
app.login("me")
assert(walks.incoming()[1].created_at == now, walks.incoming()[1].created_at)
assert(events.emit("seen").occurred_at == now)
print("instants ok")
