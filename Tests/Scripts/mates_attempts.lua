-- stdout: attempts ok
-- Wrong invite codes are limited per database as well as per user: a script that makes a
-- new user for every guess is stopped after 20 guesses in 10 minutes, and a right code
-- waits too; the same user is stopped after 5.
local check = require("lib.check")
local function profile(nickname)
  profiles.save{nickname = nickname, dog = {name = "D", age = 1, sex = "male", size = "small", keywords = {"shy"}}}
end
app.login("owner") profile("Owner")
local code = mates.invite().code
local wrong = code == "ZZZZZZ" and "YYYYYY" or "ZZZZZZ"

-- One user: 5 wrong codes, then stopped.
app.login("guesser") profile("Guesser")
for _ = 1, 5 do check.fails("mates.join", "mates.bad_code", mates.join, wrong) end
check.fails("mates.join", "mates.too_many_attempts", mates.join, wrong)

-- Rotating users: 15 more wrong codes are taken (20 in all), then everyone is stopped.
local taken = 0
for i = 1, 40 do
  app.login("bot" .. i) profile("Bot " .. i)
  local ok, err = pcall(mates.join, wrong)
  assert(not ok)
  if err.code == "mates.bad_code" then
    taken = taken + 1
  else
    assert(err.code == "mates.too_many_attempts", tostring(err))
  end
end
assert(taken == 15, "wrong codes taken while rotating users: " .. taken)
check.fails("mates.join", "mates.too_many_attempts", mates.join, code)
print("attempts ok")
