-- args: --user mina
-- stdout: bookstories visibility ok
-- Private stories and themes never reach another user: not through get, public, of, a
-- keyword search, a theme filter, themes.list or review, not even as a theme id inside a
-- public story. For another user a private story or theme does not exist
-- (bookstories.not_found); a public one that is not theirs is forbidden to change.
local check = require("lib.check")
local fails = check.fails
local function ids(list)
  local out = {}
  for i, x in ipairs(list) do out[i] = x.id end
  return out
end
local function contains(list, id)
  for _, x in ipairs(list) do if x.id == id then return true end end
  return false
end
local function set(list)
  local out = {}
  for _, x in ipairs(list) do out[x.id] = true end
  return out
end
local book = {title = "데미안", author = "헤르만 헤세"}
local unknown = "00000000-0000-4000-8000-000000000000"

-- mina: a public and a private theme; stories of every kind in them.
local mina = app.user()
assert(mina.name == "mina")
local open_theme = bookstories.themes.create{name = "공개 테마", visibility = "public"}
local secret_theme = bookstories.themes.create{name = "비밀 테마", description = "나만"}
assert(secret_theme.visibility == "private")
-- A public story in both themes; a private story in both; a public story in none; a
-- private story in none. They share the keyword "성장".
local pub_both = bookstories.create{book = book, quotes = {"공개"}, keywords = {"성장", "Mina"},
  themes = {open_theme.id, secret_theme.id}, visibility = "public"}
local priv_both = bookstories.create{book = book, quotes = {"비밀"}, keywords = {"성장", "비밀"},
  themes = {open_theme.id, secret_theme.id}}
local pub_none = bookstories.create{book = book, quotes = {"공개 둘"}, keywords = {"성장"}, visibility = "public"}
local priv_none = bookstories.create{book = book, quotes = {"비밀 둘"}, keywords = {"성장"}, visibility = "private"}
assert(priv_both.visibility == "private" and priv_none.visibility == "private")
-- mina sees her own everything, private included, and both themes in her story.
assert(#bookstories.mine() == 4 and #bookstories.mine{keyword = "성장"} == 4)
assert(#bookstories.mine{theme = secret_theme.id} == 2 and #bookstories.mine{theme = open_theme.id} == 2)
assert(#bookstories.get(pub_both.id).themes == 2)
assert(#bookstories.of("mina") == 4, "of(yourself) shows your private stories too")
assert(#bookstories.themes.list{} == 2)
assert(#bookstories.themes.list{user = "mina"} == 2)
assert(#bookstories.public() == 2)
local mina_review = bookstories.review{count = 10}
assert(#mina_review == 4, json(ids(mina_review)))

-- joon: sees mina's public stories and theme only.
local joon = app.login("joon")
assert(app.user().name == "joon")
local joon_story = bookstories.create{book = book, quotes = {"준"}, keywords = {"성장"}, visibility = "public"}
assert(#bookstories.mine() == 1, "joon's mine holds only joon's story")

-- get: public ones as they are, but without mina's private theme inside.
local seen = bookstories.get(pub_both.id)
assert(seen.id == pub_both.id and seen.author_id == mina.id and seen.author_name == "mina")
assert(#seen.themes == 1 and seen.themes[1] == open_theme.id,
  "another user sees a private theme's id in a public story: " .. json(seen.themes))
assert(#bookstories.get(pub_none.id).themes == 0)
-- Private ones do not exist.
for _, id in ipairs{priv_both.id, priv_none.id} do
  fails("bookstories.get", "bookstories.not_found", bookstories.get, id)
end
-- Lists: public, of, keyword, theme.
local function check_list(label, list, want)
  local got = set(list)
  for _, x in ipairs(list) do
    assert(x.id ~= priv_both.id and x.id ~= priv_none.id, label .. " shows a private story")
    for _, th in ipairs(x.themes) do assert(th ~= secret_theme.id, label .. " shows a private theme's id") end
  end
  for _, id in ipairs(want) do assert(got[id], label .. " lacks " .. id) end
  assert(#list == #want, label .. ": " .. #list .. " stories, expected " .. #want)
end
check_list("public", bookstories.public(), {pub_both.id, pub_none.id, joon_story.id})
check_list("public keyword", bookstories.public{keyword = "성장"}, {pub_both.id, pub_none.id, joon_story.id})
check_list("public keyword 비밀", bookstories.public{keyword = "비밀"}, {})
check_list("public keyword mina", bookstories.public{keyword = "mina"}, {pub_both.id})
check_list("of mina", bookstories.of("mina"), {pub_both.id, pub_none.id})
check_list("of mina by id", bookstories.of(mina.id), {pub_both.id, pub_none.id})
check_list("of mina keyword", bookstories.of("mina", {keyword = "성장"}), {pub_both.id, pub_none.id})
check_list("of mina keyword 비밀", bookstories.of("mina", {keyword = "비밀"}), {})
-- Inside another user's public theme, only its public stories.
check_list("public theme", bookstories.public{theme = open_theme.id}, {pub_both.id})
check_list("of theme", bookstories.of("mina", {theme = open_theme.id}), {pub_both.id})
check_list("of theme keyword", bookstories.of("mina", {theme = open_theme.id, keyword = "성장"}), {pub_both.id})
check_list("public theme keyword", bookstories.public{theme = open_theme.id, keyword = "성장"}, {pub_both.id})
check_list("public theme keyword 비밀", bookstories.public{theme = open_theme.id, keyword = "비밀"}, {})
check_list("mine in mina's theme", bookstories.mine{theme = open_theme.id}, {})
-- A private theme does not exist for joon: filtering by it fails as an unknown id does.
for _, route in ipairs{"mine", "public"} do
  local e1 = fails("bookstories." .. route, "bookstories.not_found", bookstories[route], {theme = secret_theme.id})
  local e2 = fails("bookstories." .. route, "bookstories.not_found", bookstories[route], {theme = unknown})
  assert(not e1.message:find("비밀", 1, true), "the error names the private theme: " .. e1.message)
  assert(e1.field == e2.field, tostring(e1.field) .. " vs " .. tostring(e2.field))
end
fails("bookstories.of", "bookstories.not_found", bookstories.of, "mina", {theme = secret_theme.id})
fails("bookstories.of", "bookstories.not_found", bookstories.of, "mina", {theme = secret_theme.id, keyword = "성장"})
fails("bookstories.public", "bookstories.not_found", bookstories.public, {theme = secret_theme.id, keyword = "비밀"})
-- themes.list: joon's own list has none of mina's; mina's list shows only the public one.
assert(#bookstories.themes.list{} == 0, "joon's own themes: " .. json(bookstories.themes.list{}))
local mina_themes = bookstories.themes.list{user = "mina"}
assert(#mina_themes == 1 and mina_themes[1].id == open_theme.id, json(mina_themes))
assert(mina_themes[1].owner_id == mina.id and mina_themes[1].name == "공개 테마")
assert(#bookstories.themes.list{user = mina.id} == 1)
-- review: only joon's own stories, never mina's, public or private.
local r = bookstories.review{count = 10}
assert(#r == 1 and r[1].id == joon_story.id, json(ids(r)))
-- A story cannot join another user's theme, public or private.
local ok_before = #bookstories.mine()
fails("bookstories.create", "invalid_argument", bookstories.create, {book = book, quotes = {"q"}, themes = {open_theme.id}})
fails("bookstories.create", "invalid_argument", bookstories.create, {book = book, quotes = {"q"}, themes = {secret_theme.id}})
fails("bookstories.update", "invalid_argument", bookstories.update, joon_story.id, {themes = {open_theme.id}})
assert(#bookstories.mine() == ok_before and #bookstories.get(joon_story.id).themes == 0)

-- Changing mina's stories: forbidden when public, not_found when private.
local pub_json = json(bookstories.get(pub_both.id))
fails("bookstories.update", "forbidden", bookstories.update, pub_both.id, {content = "joon was here"})
fails("bookstories.update", "forbidden", bookstories.update, pub_none.id, {visibility = "private"})
fails("bookstories.delete", "forbidden", bookstories.delete, pub_both.id)
fails("bookstories.delete", "forbidden", bookstories.delete, pub_none.id)
for _, id in ipairs{priv_both.id, priv_none.id} do
  fails("bookstories.update", "bookstories.not_found", bookstories.update, id, {content = "x"})
  fails("bookstories.update", "bookstories.not_found", bookstories.update, id, {visibility = "public"})
  fails("bookstories.delete", "bookstories.not_found", bookstories.delete, id)
end
-- The same for themes.
fails("bookstories.themes.update", "forbidden", bookstories.themes.update, open_theme.id, {name = "joon's"})
fails("bookstories.themes.delete", "forbidden", bookstories.themes.delete, open_theme.id)
fails("bookstories.themes.update", "bookstories.not_found", bookstories.themes.update, secret_theme.id, {name = "x"})
fails("bookstories.themes.update", "bookstories.not_found", bookstories.themes.update, secret_theme.id, {visibility = "public"})
fails("bookstories.themes.delete", "bookstories.not_found", bookstories.themes.delete, secret_theme.id)
assert(json(bookstories.get(pub_both.id)) == pub_json)

-- Unknown users.
fails("bookstories.of", "bookstories.user_not_found", bookstories.of, "nobody")
fails("bookstories.of", "bookstories.user_not_found", bookstories.of, unknown)
fails("bookstories.of", "bookstories.user_not_found", bookstories.of, "nobody", {keyword = "성장"})
fails("bookstories.themes.list", "bookstories.user_not_found", bookstories.themes.list, {user = "nobody"})
assert(#bookstories.of("joon") == 1)

-- A third user, made on first use: sees the same public things, nothing private.
app.login("sol")
check_list("sol public", bookstories.public(), {pub_both.id, pub_none.id, joon_story.id})
check_list("sol of mina", bookstories.of("mina"), {pub_both.id, pub_none.id})
assert(#bookstories.mine() == 0 and #bookstories.review() == 0 and #bookstories.themes.list{} == 0)
assert(#bookstories.themes.list{user = "joon"} == 0)
fails("bookstories.get", "bookstories.not_found", bookstories.get, priv_both.id)

-- mina makes a story private: it disappears for the others everywhere, keywords too.
app.login("mina")
local still = bookstories.get(pub_both.id)
assert(still.content == nil and still.visibility == "public", "joon changed mina's story: " .. json(still))
assert(#bookstories.mine() == 4 and #bookstories.themes.list{} == 2, "joon deleted something of mina's")
assert(bookstories.themes.list{}[1].name == "공개 테마" or bookstories.themes.list{}[2].name == "공개 테마")
bookstories.update(pub_both.id, {visibility = "private"})
-- And makes her secret theme public, the open one private.
bookstories.themes.update(secret_theme.id, {visibility = "public"})
bookstories.themes.update(open_theme.id, {visibility = "private"})
app.login("joon")
fails("bookstories.get", "bookstories.not_found", bookstories.get, pub_both.id)
fails("bookstories.update", "bookstories.not_found", bookstories.update, pub_both.id, {content = "x"})
fails("bookstories.delete", "bookstories.not_found", bookstories.delete, pub_both.id)
check_list("public after", bookstories.public(), {pub_none.id, joon_story.id})
for _, x in ipairs(bookstories.public{keyword = "mina"}) do error("a private story by keyword: " .. x.id) end
assert(not contains(bookstories.public{keyword = "성장"}, pub_both.id), "a story made private is still found by its keyword")
assert(not contains(bookstories.of("mina", {keyword = "성장"}), pub_both.id), "of: a story made private by keyword")
assert(not contains(bookstories.of("mina"), pub_both.id))
-- Themes switched: the once-secret theme is visible, the once-open one is not.
local now_themes = bookstories.themes.list{user = "mina"}
assert(#now_themes == 1 and now_themes[1].id == secret_theme.id, json(now_themes))
fails("bookstories.public", "bookstories.not_found", bookstories.public, {theme = open_theme.id})
fails("bookstories.themes.update", "bookstories.not_found", bookstories.themes.update, open_theme.id, {name = "x"})
fails("bookstories.themes.update", "forbidden", bookstories.themes.update, secret_theme.id, {name = "x"})
-- Both of mina's stories in the now-public theme are private: the theme shows none.
check_list("theme of private stories", bookstories.public{theme = secret_theme.id}, {})
-- A public story in a theme that became private: the theme's id is gone from it for joon.
app.login("mina")
bookstories.update(pub_none.id, {themes = {open_theme.id, secret_theme.id}})
app.login("joon")
local pn = bookstories.get(pub_none.id)
assert(#pn.themes == 1 and pn.themes[1] == secret_theme.id, json(pn.themes))
for _, list in ipairs{bookstories.public(), bookstories.of("mina"), bookstories.public{keyword = "성장"},
  bookstories.public{theme = secret_theme.id}} do
  for _, x in ipairs(list) do
    for _, th in ipairs(x.themes) do assert(th ~= open_theme.id, "a private theme's id in a listed story") end
  end
end
-- mina still sees both themes on her own story.
app.login("mina")
assert(#bookstories.get(pub_none.id).themes == 2)
-- A public story made private and back again: found by keyword again.
bookstories.update(pub_both.id, {visibility = "public"})
app.login("joon")
assert(contains(bookstories.public{keyword = "mina"}, pub_both.id), "a story made public again is not found by keyword")
assert(contains(bookstories.public{keyword = "성장"}, pub_both.id))

-- Deleting a story: gone for everyone, keywords too.
app.login("mina")
bookstories.delete(pub_both.id)
app.login("joon")
fails("bookstories.get", "bookstories.not_found", bookstories.get, pub_both.id)
assert(#bookstories.public{keyword = "mina"} == 0, "a deleted story is found by keyword")
assert(not contains(bookstories.public{keyword = "성장"}, pub_both.id))
print("bookstories visibility ok")
