-- stdout: mate ended ok
-- Removing or reporting a mate cancels the pending walk requests between the two, both
-- ways, so neither can accept afterwards; requests with other mates stay pending.
local check = require("lib.check")
local function profile(nickname)
  profiles.save{nickname = nickname, dog = {name = "D", age = 1, sex = "male", size = "small", keywords = {"shy"}}}
end
local function befriend(inviter, joiner)
  app.login(inviter) local code = mates.invite().code
  app.login(joiner) mates.join(code)
end
local place = {lat = 37.5, lng = 127, name = "망원"}
app.login("mina") profile("Mina")
app.login("joon") profile("Joon")
app.login("sol") profile("Sol")
befriend("mina", "joon")
befriend("mina", "sol")

-- remove: mina asks joon, joon asks mina, mina asks sol; then mina removes joon.
app.login("mina")
local to_joon = walks.request{mate = "joon", message = "걸을래?", place = place}
local to_sol = walks.request{mate = "sol", message = "walk?", place = place}
app.login("joon")
local to_mina = walks.request{mate = "mina", message = "산책 🐶", place = place}
app.login("mina")
mates.remove("joon")
assert(walks.outgoing{status = "cancelled"}[1].id == to_joon.id, "mina's request to joon is cancelled")
assert(#walks.incoming{status = "pending"} == 0, "joon's request to mina is cancelled")
check.fails("walks.accept", "walks.not_pending", walks.accept, to_mina.id)
app.login("joon")
check.fails("walks.accept", "walks.not_pending", walks.accept, to_joon.id)
assert(#walks.incoming{status = "pending"} == 0 and #walks.outgoing{status = "pending"} == 0)
app.login("sol")
assert(walks.incoming{status = "pending"}[1].id == to_sol.id, "sol's request from mina is untouched")

-- report: joon and mina become mates again; joon reports mina.
befriend("joon", "mina")
local again = walks.request{mate = "joon", message = "다시?", place = place}
app.login("joon")
mates.report("mina", {reason = "violent_on_walk"})
check.fails("walks.accept", "walks.not_pending", walks.accept, again.id)
assert(walks.incoming{status = "cancelled"}[1].id == again.id)
print("mate ended ok")
