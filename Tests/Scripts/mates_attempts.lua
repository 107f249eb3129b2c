-- stdout: attempts ok
-- Wrong invite codes are limited per database as well as per user: the same user is
-- stopped after 5, and one user alone locks no one else out; once 4 users have tried wrong
-- codes in 10 minutes, a script that makes a new user for every guess is stopped, and a
-- right code of a user with no wrong code waits too, while those 4 keep their own 5.
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

-- One user's wrong codes lock no one else out.
app.login("friend") profile("Friend")
assert(mates.join(code).user_name == "owner")
app.login("owner")
code = mates.invite().code
wrong = code == "ZZZZZZ" and "YYYYYY" or "ZZZZZZ"

-- Rotating users: 3 more users are taken (4 in all), then every new user is stopped.
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
assert(taken == 3, "wrong codes taken while rotating users: " .. taken)
check.fails("mates.join", "mates.too_many_attempts", mates.join, code)
-- One of the 4 keeps the rest of their own 5.
app.login("bot1")
for _ = 1, 4 do check.fails("mates.join", "mates.bad_code", mates.join, wrong) end
check.fails("mates.join", "mates.too_many_attempts", mates.join, wrong)
print("attempts ok")
