-- stdout: bookstories basics ok
-- Stories and themes end to end: create, get, update, delete; the exact shapes and field
-- names of a story and a theme; quotes as strings or {text=, page=}; private by default;
-- keywords with '#' dropped; content "" removes the content; results are copies; ids are
-- lowercase UUIDs and instants carry the zone's offset.
local NOW = "2026-11-29T08:00:00+09:00"
local function is_uuid(s)
  return type(s) == "string"
    and s:match("^%x%x%x%x%x%x%x%x%-%x%x%x%x%-%x%x%x%x%-%x%x%x%x%-%x%x%x%x%x%x%x%x%x%x%x%x$") ~= nil
    and s == s:lower()
end
-- The keys of a table, sorted and joined, to compare a shape exactly.
local check = require("lib.check")
local keys = check.keys
local fails = check.fails

local me = app.user()

-- A theme: its exact shape.
local theme = bookstories.themes.create{name = "성장", description = "자라는 이야기"}
assert(keys(theme) == "created_at,description,id,name,owner_id,updated_at,visibility", keys(theme))
assert(is_uuid(theme.id), theme.id)
assert(theme.owner_id == me.id, theme.owner_id)
assert(theme.name == "성장" and theme.description == "자라는 이야기")
assert(theme.visibility == "private", "a theme is private by default: " .. tostring(theme.visibility))
assert(theme.created_at == NOW and theme.updated_at == NOW, theme.created_at)
-- Without a description the key is missing; the name is trimmed.
local bare = bookstories.themes.create{name = "  \t읽기 \n", visibility = "public"}
assert(keys(bare) == "created_at,id,name,owner_id,updated_at,visibility", keys(bare))
assert(bare.name == "읽기" and bare.description == nil and bare.visibility == "public", json(bare))
assert(is_uuid(bare.id) and bare.id ~= theme.id)

-- A full story: every field, quotes as a string and as a table with a page.
local full = bookstories.create{
  book = {title = "데미안", author = "헤르만 헤세", publisher = "민음사", isbn = "9788937460449"},
  quotes = {"새는 알에서 나오려고 투쟁한다.", {text = "알은 세계이다.", page = 123}, {text = "페이지 없음"}},
  content = "나의 말 😀",
  keywords = {"#성장", "Book", "알"},
  themes = {theme.id},
}
assert(keys(full) == "author_id,author_name,book,content,created_at,id,keywords,quotes,themes,updated_at,visibility", keys(full))
assert(is_uuid(full.id), full.id)
assert(full.author_id == me.id and full.author_name == me.name, json(full))
assert(keys(full.book) == "author,isbn,publisher,title", keys(full.book))
assert(full.book.title == "데미안" and full.book.author == "헤르만 헤세")
assert(full.book.publisher == "민음사" and full.book.isbn == "9788937460449")
assert(#full.quotes == 3, json(full.quotes))
assert(keys(full.quotes[1]) == "text" and full.quotes[1].text == "새는 알에서 나오려고 투쟁한다.", json(full.quotes[1]))
assert(keys(full.quotes[2]) == "page,text" and full.quotes[2].text == "알은 세계이다.", json(full.quotes[2]))
assert(full.quotes[2].page == 123 and math.type(full.quotes[2].page) == "integer", tostring(full.quotes[2].page))
assert(keys(full.quotes[3]) == "text" and full.quotes[3].text == "페이지 없음", json(full.quotes[3]))
assert(full.content == "나의 말 😀")
-- '#' is dropped; the keywords keep their order and their case.
assert(#full.keywords == 3 and full.keywords[1] == "성장" and full.keywords[2] == "Book" and full.keywords[3] == "알",
  json(full.keywords))
assert(#full.themes == 1 and full.themes[1] == theme.id, json(full.themes))
assert(full.visibility == "private", "a story is private by default: " .. tostring(full.visibility))
assert(full.created_at == NOW and full.updated_at == NOW, full.created_at)

-- A minimal story: no content key, empty keyword and theme lists, no publisher or isbn.
local minimal = bookstories.create{book = {title = "어린 왕자", author = "생텍쥐페리"}, quotes = {"가장 중요한 것은 눈에 보이지 않아."}}
assert(keys(minimal) == "author_id,author_name,book,created_at,id,keywords,quotes,themes,updated_at,visibility", keys(minimal))
assert(minimal.content == nil)
assert(keys(minimal.book) == "author,title", keys(minimal.book))
assert(type(minimal.keywords) == "table" and #minimal.keywords == 0 and next(minimal.keywords) == nil)
assert(type(minimal.themes) == "table" and #minimal.themes == 0 and next(minimal.themes) == nil)
assert(#minimal.quotes == 1 and minimal.quotes[1].page == nil)
assert(minimal.visibility == "private")
assert(minimal.id ~= full.id)
-- A public story, asked for.
local open = bookstories.create{book = {title = "T", author = "A"}, quotes = {"q"}, visibility = "public"}
assert(open.visibility == "public")

-- get returns what create returned.
assert(json(bookstories.get(full.id)) == json(full), json(bookstories.get(full.id)))
assert(json(bookstories.get(minimal.id)) == json(minimal))
-- The mine list holds all three.
assert(#bookstories.mine() == 3)

-- Results are copies: changing one changes nothing stored, nor the next result.
local copy = bookstories.get(full.id)
copy.content = "bent"
copy.quotes[1].text = "bent"
copy.quotes[2].page = 9
copy.keywords[1] = "bent"
copy.book.title = "bent"
table.insert(copy.themes, "bent")
copy.visibility = "public"
local again = bookstories.get(full.id)
assert(json(again) == json(full), json(again))
assert(again ~= copy and again.quotes ~= copy.quotes and again.book ~= copy.book)
local listed = bookstories.mine()
listed[1].content = "bent"
assert(json(bookstories.mine()[1]) ~= json(listed[1]))
local th = bookstories.themes.list{}
th[1].name = "bent"
assert(bookstories.themes.list{}[1].name ~= "bent")

-- update changes only the given fields.
local updated = bookstories.update(full.id, {visibility = "public"})
assert(updated.id == full.id and updated.visibility == "public")
assert(updated.content == full.content and json(updated.quotes) == json(full.quotes))
assert(json(updated.keywords) == json(full.keywords) and json(updated.themes) == json(full.themes))
assert(json(updated.book) == json(full.book))
assert(updated.created_at == NOW and updated.updated_at == NOW)
assert(json(bookstories.get(full.id)) == json(updated))
-- Keywords: '#' dropped on update too; an empty list removes them.
assert(json(bookstories.update(full.id, {keywords = {"#새", "#Bird"}}).keywords) == json{"새", "Bird"})
assert(#bookstories.update(full.id, {keywords = {}}).keywords == 0)
-- Quotes replaced: strings and tables mixed.
local q = bookstories.update(full.id, {quotes = {{text = "하나", page = 1}, "둘"}}).quotes
assert(#q == 2 and q[1].text == "하나" and q[1].page == 1 and q[2].text == "둘" and q[2].page == nil, json(q))
-- The book replaced: publisher and isbn gone when not given.
local b = bookstories.update(full.id, {book = {title = "수레바퀴 아래서", author = "헤르만 헤세"}}).book
assert(keys(b) == "author,title" and b.title == "수레바퀴 아래서", json(b))
-- content "" removes the content; a new one sets it again.
local nocontent = bookstories.update(full.id, {content = ""})
assert(nocontent.content == nil, tostring(nocontent.content))
assert(bookstories.get(full.id).content == nil)
assert(bookstories.update(full.id, {content = "다시"}).content == "다시")
-- Themes: an empty list removes them; another theme of mine can be set.
assert(#bookstories.update(full.id, {themes = {}}).themes == 0)
local two = bookstories.update(full.id, {themes = {theme.id, bare.id}}).themes
assert(#two == 2, json(two))
local has = {}
for _, id in ipairs(two) do has[id] = true end
assert(has[theme.id] and has[bare.id], json(two))
-- Back to private.
assert(bookstories.update(full.id, {visibility = "private"}).visibility == "private")
local final = bookstories.get(full.id)
assert(final.content == "다시" and final.book.title == "수레바퀴 아래서" and #final.quotes == 2 and #final.keywords == 0)

-- Themes update: the given fields only, the name trimmed.
local t2 = bookstories.themes.update(theme.id, {name = " 자람 "})
assert(t2.id == theme.id and t2.name == "자람" and t2.description == "자라는 이야기" and t2.visibility == "private", json(t2))
local t3 = bookstories.themes.update(theme.id, {visibility = "public", description = "새 설명"})
assert(t3.name == "자람" and t3.description == "새 설명" and t3.visibility == "public", json(t3))
assert(t3.owner_id == me.id and t3.created_at == NOW and t3.updated_at == NOW)
local listed_themes = bookstories.themes.list{}
assert(#listed_themes == 2, json(listed_themes))
for _, t in ipairs(listed_themes) do
  assert(keys(t) == keys(t.description and t3 or bare), keys(t))
  if t.id == theme.id then assert(json(t) == json(t3), json(t)) end
end

-- Deleting a theme leaves its stories, without the theme.
assert(bookstories.themes.delete(bare.id) == nil)
local after = bookstories.get(full.id)
assert(#after.themes == 1 and after.themes[1] == theme.id, json(after.themes))
assert(#bookstories.themes.list{} == 1)
fails("bookstories.themes.update", "bookstories.not_found", bookstories.themes.update, bare.id, {name = "x"})
fails("bookstories.themes.delete", "bookstories.not_found", bookstories.themes.delete, bare.id)
fails("bookstories.create", "invalid_argument", bookstories.create,
  {book = {title = "T", author = "A"}, quotes = {"q"}, themes = {bare.id}})
fails("bookstories.mine", "bookstories.not_found", bookstories.mine, {theme = bare.id})

-- Deleting a story: gone for get, update, delete and the lists.
assert(bookstories.delete(minimal.id) == nil)
fails("bookstories.get", "bookstories.not_found", bookstories.get, minimal.id)
fails("bookstories.update", "bookstories.not_found", bookstories.update, minimal.id, {content = "x"})
fails("bookstories.delete", "bookstories.not_found", bookstories.delete, minimal.id)
for _, s in ipairs(bookstories.mine()) do assert(s.id ~= minimal.id) end
assert(#bookstories.mine() == 2)
-- An unknown id, and not an id at all.
local unknown = "00000000-0000-4000-8000-000000000000"
for _, id in ipairs{unknown, "nope"} do
  fails("bookstories.get", "bookstories.not_found", bookstories.get, id)
  fails("bookstories.update", "bookstories.not_found", bookstories.update, id, {content = "x"})
  fails("bookstories.delete", "bookstories.not_found", bookstories.delete, id)
  fails("bookstories.themes.update", "bookstories.not_found", bookstories.themes.update, id, {name = "x"})
  fails("bookstories.themes.delete", "bookstories.not_found", bookstories.themes.delete, id)
end

-- Deleting a theme's last story leaves the theme.
bookstories.delete(full.id)
bookstories.delete(open.id)
assert(#bookstories.mine() == 0)
assert(#bookstories.themes.list{} == 1 and bookstories.themes.list{}[1].id == theme.id)

-- The error value of a route: a table with code, message, route and field.
local err = fails("bookstories.create", "invalid_argument", bookstories.create, {book = {title = "T", author = "A"}, quotes = {}})
assert(err.field == "quotes" and type(err.message) == "string" and #err.message > 0, tostring(err))
local text = tostring(err)
assert(text:find("bookstories.create", 1, true) and text:find("[invalid_argument]", 1, true), text)
print("bookstories basics ok")
