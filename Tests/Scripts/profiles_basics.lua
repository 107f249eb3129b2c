-- stdout: profiles ok
-- profiles.save creates then updates the acting user's profile; nicknames are unique
-- among users ignoring case; a bad field is invalid_argument with its field and writes nothing.
local ok, err = pcall(profiles.me)
assert(not ok and err.code == "profiles.not_found", tostring(err))

local dog = {name = "보리", age = 3, sex = "female", size = "small", keywords = {"friendly"}}
local saved = profiles.save{nickname = "  Bori  ", dog = dog}
assert(saved.nickname == "Bori" and saved.user_name == "me" and saved.photo == nil)
assert(saved.dog.neutered == false and math.type(saved.dog.age) == "integer")
assert(saved.dog.keywords[1] == "friendly" and #saved.dog.keywords == 1)

-- Updating keeps the nickname its own.
local updated = profiles.save{nickname = "Bori", dog = {name = "보리", age = 4, sex = "female", neutered = true,
  size = "small", keywords = {"friendly", "smart"}}}
assert(updated.dog.age == 4 and updated.dog.neutered == true and #updated.dog.keywords == 2)

local function refused(field, nickname, d)
  local ok2, e = pcall(profiles.save, {nickname = nickname, dog = d})
  assert(not ok2 and e.code == "invalid_argument", tostring(e))
  assert(e.field == field, field .. " expected, got " .. tostring(e.field))
end
refused("nickname", "B", dog)
refused("nickname", "123456789", dog)
refused("dog.name", "Bori", {name = "", age = 1, sex = "male", size = "small", keywords = {"shy"}})
refused("dog.name", "Bori", {name = string.rep("가", 16), age = 1, sex = "male", size = "small", keywords = {"shy"}})
refused("dog.age", "Bori", {name = "x", age = 100, sex = "male", size = "small", keywords = {"shy"}})
refused("dog.age", "Bori", {name = "x", age = 2.5, sex = "male", size = "small", keywords = {"shy"}})
refused("dog.sex", "Bori", {name = "x", age = 1, sex = "남", size = "small", keywords = {"shy"}})
refused("dog.size", "Bori", {name = "x", age = 1, sex = "male", size = "big", keywords = {"shy"}})
refused("dog.keywords", "Bori", {name = "x", age = 1, sex = "male", size = "small", keywords = {}})
refused("dog.keywords", "Bori", {name = "x", age = 1, sex = "male", size = "small", keywords = {"shy", "shy"}})
refused("dog.keywords", "Bori", {name = "x", age = 1, sex = "male", size = "small", keywords = {"shy", "smart", "friendly"}})
refused("dog", "Bori", {name = "x", age = 1, sex = "male", size = "small", keywords = {"shy"}, color = "brown"})
assert(profiles.me().dog.age == 4, "nothing was written by the refused saves")

-- Another user: the nickname is taken ignoring case; profiles.get finds users by name.
app.login("joon")
local ok3, e3 = pcall(profiles.save, {nickname = "BORI", dog = dog})
assert(not ok3 and e3.code == "profiles.nickname_taken" and e3.field == "nickname", tostring(e3))
assert(profiles.get("me").nickname == "Bori")
local ok4, e4 = pcall(profiles.get, "nobody")
assert(not ok4 and e4.code == "profiles.not_found")
print("profiles ok")
