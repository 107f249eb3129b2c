-- args: --allow-io
-- stdout: mates ok
-- Two users in separate processes on one file: the invite is made here, joined by another
-- app-shell process; then list, remove, report, and every bad code.
local function save(nickname, dog)
  profiles.save{nickname = nickname, dog = {name = dog, age = 2, sex = "male", size = "medium", keywords = {"smart"}}}
end
local ok0, e0 = pcall(mates.invite)
assert(not ok0 and e0.code == "profiles.not_found", tostring(e0))
save("Mina", "Kong")
local invite = mates.invite()
assert(#invite.code == 6 and invite.code:match("^[A-HJ-NP-Z2-9]+$"), invite.code)
assert(invite.expires_at == "2026-11-29T08:10:00+09:00", invite.expires_at)

-- Another process, acting as joon, joins with the code on the same database file.
local binary, db
for i = -1, -20, -1 do
  if arg[i] == nil then break end
  if arg[i] == "--db" then db = arg[i + 1] end
  binary = arg[i]
end
local command = string.format(
  "%q --db %q --now 2026-11-29T08:05:00+09:00 --tz Asia/Seoul --user joon -e %q",
  binary, db,
  "profiles.save{nickname = 'Joon', dog = {name = 'Bori', age = 3, sex = 'female', size = 'small', keywords = {'shy'}}} " ..
  "local m = mates.join('" .. invite.code:lower() .. "') print(m.nickname)")
local pipe = assert(io.popen(command))
local joined = pipe:read("a")
pipe:close()
assert(joined:find("Mina"), "joon's process joined mina: " .. joined)

local list = mates.list()
assert(#list == 1 and list[1].nickname == "Joon" and list[1].dog_name == "Bori" and list[1].thumbnail == nil)
assert(list[1].user_name == "joon" and list[1].dog_keywords[1] == "shy")

-- The code was single use; a made-up code is bad; a wrong shape is invalid_argument.
app.login("sol")
save("Sol", "Tan")
local function refused(code, expected)
  local ok, e = pcall(mates.join, code)
  assert(not ok and e.code == expected, code .. ": " .. tostring(e))
end
refused(invite.code, "mates.bad_code")
refused("ZZZZZZ", "mates.bad_code")
refused("0O1I", "invalid_argument")
refused("ZZZZZ2", "mates.bad_code")
refused("ZZZZZ3", "mates.bad_code")
refused("ZZZZZ4", "mates.bad_code")
refused("ZZZZZ5", "mates.too_many_attempts")

-- Your own code, and a code for someone who is already a mate.
app.login("me")
local own = mates.invite()
refused(own.code, "mates.self")

-- Remove and report end the link both ways; a non-mate is mates.not_found.
mates.remove("joon")
assert(#mates.list() == 0)
local ok1, e1 = pcall(mates.remove, "joon")
assert(not ok1 and e1.code == "mates.not_found")
local ok2, e2 = pcall(mates.report, "joon", {reason = "other"})
assert(not ok2 and e2.code == "mates.not_found")
local ok3, e3 = pcall(mates.report, "sol", {reason = "rude"})
assert(not ok3 and e3.code == "invalid_argument" and e3.field == "reason")
print("mates ok")
