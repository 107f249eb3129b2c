-- stdout: privacy ok
-- On one database file mallory used to read alice's private theme name, habit names and
-- the code of a failed mates.join through events.list. Now every event carries its user,
-- events.list and app.on show only the acting user's, private names are recorded by
-- length, and a secret (an invite code) is not recorded at all, not even its length.
local function save(nickname)
  profiles.save{nickname = nickname, dog = {name = "Bori", age = 2, sex = "male", size = "medium", keywords = {"shy"}}}
end
local alice = app.login("alice")
save("Alice")
local theme = bookstories.themes.create{name = "비밀의 정원", description = "only mine", visibility = "private"}
bookstories.themes.update(theme.id, {name = "Hidden Garden"})
habits.create{name = "Therapy 🙂"}
habits.rename("Therapy 🙂", "Counselling")
local code = mates.invite().code
local ok, err = pcall(mates.join, code)  -- her own code: refused, and still valid
assert(not ok and err.code == "mates.self", tostring(err))

local secrets = {"비밀의 정원", "Hidden Garden", "Therapy", "Counselling", code, code:lower()}
local function leaks(events)
  local text = json(events)
  for _, secret in ipairs(secrets) do
    if text:find(secret, 1, true) then return secret end
  end
  return nil
end

-- Alice's own events hold no raw text: lengths for names, nothing for the code.
local mine = events.list{limit = 10000}
assert(#mine >= 7, "alice has her events: " .. #mine)
assert(not leaks(mine), "alice's events show " .. tostring(leaks(mine)))
for _, e in ipairs(mine) do assert(e.user_id == alice.id, json(e)) end
local join = events.list{name = "mates.join"}
assert(#join == 1 and join[1].params.error == "mates.self", json(join))
assert(join[1].params.code == nil and join[1].params.code_length == nil, json(join[1].params))
local created = events.list{name = "bookstories.themes.create"}[1]
assert(created.params.name_length == "6" and created.params.name == nil, json(created.params))
assert(events.list{name = "habits.rename"}[1].params.name_length == "11")

-- Mallory, on the same file, sees none of it; her hooks see only her own events.
local mallory = app.login("mallory")
local hooked = {}
local hook = app.on(".*", function(e) hooked[#hooked + 1] = e end)
save("Mal")
local ok2 = pcall(mates.join, "ZZZZZZ")
assert(not ok2)
hook:off()
assert(#hooked == 2, "mallory's hooks saw " .. #hooked)
for _, e in ipairs(hooked) do assert(e.user_id == mallory.id, json(e)) end
local theirs = events.list{limit = 10000}
assert(#theirs >= 2)
for _, e in ipairs(theirs) do assert(e.user_id == mallory.id, "mallory sees " .. json(e)) end
assert(not leaks(theirs), "mallory sees " .. tostring(leaks(theirs)))
assert(#events.list{name = "habits.create"} == 0)
assert(#events.list{name = "bookstories.themes.create"} == 0)

-- She cannot join as alice's mate: the code never reached her.
local ok3, err3 = pcall(mates.join, "ABCDEF")
assert(not ok3 and err3.code ~= nil)
print("privacy ok")
