-- stdout: bookstories limits ok
-- Every limit of stories and themes at its edge and one past it, counted in characters
-- with Hangul and emoji (several bytes each): a quote 500, content 1,000, 10 keywords of
-- 8 characters, a theme's name 20 and description 100. Too long is invalid_argument with
-- the field, never a cut, and a refused call writes nothing.
local book = {title = "책", author = "저자"}
local function stories() return #bookstories.mine{per_page = 100} end
local function themes() return #bookstories.themes.list{} end

-- Expects route to fail with invalid_argument naming `field` (or a field inside it, such
-- as "book.title"), and nothing to be written.
local function refused(route, field, f, ...)
  local before_s, before_t = stories(), themes()
  local ok, err = pcall(f, ...)
  assert(not ok, route .. " accepted what it must refuse (" .. field .. ")")
  assert(type(err) == "table" and err.code == "invalid_argument", route .. ": " .. tostring(err))
  assert(err.route == route, tostring(err.route))
  assert(type(err.field) == "string" and (err.field == field or err.field:sub(1, #field + 1) == field .. "."),
    route .. ": field " .. tostring(err.field) .. ", expected " .. field .. " (" .. tostring(err.message) .. ")")
  assert(type(err.message) == "string" and #err.message > 0)
  assert(stories() == before_s and themes() == before_t, route .. " wrote despite the error")
  return err
end
local function story(fields)
  local t = {book = book, quotes = {"인용"}}
  for k, v in pairs(fields) do t[k] = v end
  return t
end
local function create_refused(field, fields) return refused("bookstories.create", field, bookstories.create, story(fields)) end

-- Quotes: 500 characters of Hangul, of emoji, mixed: accepted whole; 501 refused.
local hangul500 = ("가"):rep(500)
local emoji500 = ("😀"):rep(500)
local mixed500 = ("가😀"):rep(250)
local s = bookstories.create(story{quotes = {hangul500, {text = emoji500, page = 1}, mixed500}})
assert(s.quotes[1].text == hangul500 and s.quotes[2].text == emoji500 and s.quotes[3].text == mixed500, "a quote was cut")
assert(bookstories.get(s.id).quotes[2].text == emoji500)
assert(stories() == 1)
create_refused("quotes", {quotes = {hangul500 .. "가"}})
create_refused("quotes", {quotes = {emoji500 .. "😀"}})
create_refused("quotes", {quotes = {mixed500 .. "a"}})
create_refused("quotes", {quotes = {"ok", {text = emoji500 .. "😀", page = 3}}})
create_refused("quotes", {quotes = {("a"):rep(501)}})
-- At least one quote, none empty after trimming, a page a positive integer.
create_refused("quotes", {quotes = {}})
create_refused("quotes", {quotes = {""}})
create_refused("quotes", {quotes = {"  \n\t "}})
create_refused("quotes", {quotes = {"ok", {text = ""}}})
create_refused("quotes", {quotes = {{text = "   ", page = 2}}})
create_refused("quotes", {quotes = {{text = "쪽", page = 0}}})
create_refused("quotes", {quotes = {{text = "쪽", page = -1}}})
create_refused("quotes", {quotes = {{text = "쪽", page = 1.5}}})
create_refused("quotes", {quotes = {{page = 3}}})
create_refused("quotes", {quotes = {42}})
refused("bookstories.create", "quotes", bookstories.create, {book = book})
assert(bookstories.create(story{quotes = {{text = "쪽", page = 1}}}).quotes[1].page == 1)
assert(stories() == 2)

-- Content: 1,000 characters accepted whole, 1,001 refused.
local content1000 = ("가"):rep(600) .. ("😀"):rep(400)
assert(bookstories.create(story{content = content1000}).content == content1000, "content was cut")
assert(bookstories.create(story{content = ("😀"):rep(1000)}).content == ("😀"):rep(1000))
create_refused("content", {content = content1000 .. "!"})
create_refused("content", {content = ("😀"):rep(1001)})
create_refused("content", {content = ("가"):rep(1001)})
assert(stories() == 4)

-- Keywords: 10 accepted, 11 refused.
local ten = {"하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉", "열"}
assert(#bookstories.create(story{keywords = ten}).keywords == 10)
local eleven = {table.unpack(ten)}
eleven[11] = "열하나"
create_refused("keywords", {keywords = eleven})
-- 8 characters accepted (Hangul, emoji, with a '#' that is dropped), 9 refused.
local k = bookstories.create(story{keywords = {"가나다라마바사아", "😀😀😀😀😀😀😀😀", "#책책책책책책책책", "abcdefgh"}}).keywords
assert(json(k) == json{"가나다라마바사아", "😀😀😀😀😀😀😀😀", "책책책책책책책책", "abcdefgh"}, json(k))
create_refused("keywords", {keywords = {"가나다라마바사아자"}})
create_refused("keywords", {keywords = {"😀😀😀😀😀😀😀😀😀"}})
create_refused("keywords", {keywords = {"#책책책책책책책책책"}})
create_refused("keywords", {keywords = {"abcdefghi"}})
-- No white space, not empty, no duplicates ignoring case (and '#').
create_refused("keywords", {keywords = {"두 단어"}})
create_refused("keywords", {keywords = {"tab\there"}})
create_refused("keywords", {keywords = {"line\n"}})
create_refused("keywords", {keywords = {" 앞"}})
create_refused("keywords", {keywords = {""}})
create_refused("keywords", {keywords = {"#"}})
create_refused("keywords", {keywords = {"ok", ""}})
create_refused("keywords", {keywords = {"Book", "book"}})
create_refused("keywords", {keywords = {"BOOK", "#book"}})
create_refused("keywords", {keywords = {"성장", "#성장"}})
create_refused("keywords", {keywords = {"성장", "성장"}})
assert(stories() == 6)

-- Book: title and author required and not empty.
refused("bookstories.create", "book", bookstories.create, {quotes = {"q"}})
create_refused("book", {book = {title = "책"}})
create_refused("book", {book = {author = "저자"}})
create_refused("book", {book = {title = "", author = "저자"}})
create_refused("book", {book = {title = "책", author = ""}})
-- Visibility: public or private; themes: ids of my themes; no unknown field.
create_refused("visibility", {visibility = "friends"})
create_refused("visibility", {visibility = "PUBLIC"})
create_refused("themes", {themes = {"00000000-0000-4000-8000-000000000000"}})
create_refused("nope", {nope = 1})
assert(stories() == 6)

-- Theme name: 20 characters (trimmed) accepted, 21 refused; empty after trimming refused.
local name20 = ("가"):rep(10) .. ("😀"):rep(10)
local t = bookstories.themes.create{name = "  " .. name20 .. "\n"}
assert(t.name == name20, t.name)
assert(bookstories.themes.create{name = ("😀"):rep(20)}.name == ("😀"):rep(20))
assert(themes() == 2)
refused("bookstories.themes.create", "name", bookstories.themes.create, {name = name20 .. "가"})
refused("bookstories.themes.create", "name", bookstories.themes.create, {name = ("😀"):rep(21)})
refused("bookstories.themes.create", "name", bookstories.themes.create, {name = ""})
refused("bookstories.themes.create", "name", bookstories.themes.create, {name = " \t\n "})
refused("bookstories.themes.create", "name", bookstories.themes.create, {})
-- Description: 100 accepted whole, 101 refused.
local desc100 = ("설명😀"):rep(33) .. "끝"
assert(utf8.len(desc100) == 100)
assert(bookstories.themes.create{name = "설명", description = desc100}.description == desc100, "description was cut")
refused("bookstories.themes.create", "description", bookstories.themes.create, {name = "설명", description = desc100 .. "!"})
refused("bookstories.themes.create", "description", bookstories.themes.create, {name = "설명", description = ("😀"):rep(101)})
refused("bookstories.themes.create", "visibility", bookstories.themes.create, {name = "설명", visibility = "everyone"})
assert(themes() == 3)

-- update checks the same limits, and a refused update changes nothing.
local target = bookstories.create(story{content = "원래", keywords = {"원래"}})
local before = json(bookstories.get(target.id))
local count = stories()
local function update_refused(field, fields)
  refused("bookstories.update", field, bookstories.update, target.id, fields)
  assert(json(bookstories.get(target.id)) == before, "a refused update changed the story")
end
update_refused("quotes", {quotes = {hangul500 .. "가"}})
update_refused("quotes", {quotes = {}})
update_refused("quotes", {quotes = {{text = "쪽", page = 0}}})
update_refused("content", {content = content1000 .. "!"})
update_refused("keywords", {keywords = eleven})
update_refused("keywords", {keywords = {"가나다라마바사아자"}})
update_refused("keywords", {keywords = {"두 단어"}})
update_refused("keywords", {keywords = {"A", "a"}})
update_refused("keywords", {keywords = {""}})
update_refused("book", {book = {title = "책"}})
update_refused("visibility", {visibility = "friends"})
-- One bad field refuses the whole update: the good ones are not written either.
update_refused("content", {visibility = "public", keywords = {"새"}, content = ("가"):rep(1001)})
update_refused("keywords", {content = "새 내용", keywords = {"가나다라마바사아자"}})
assert(stories() == count)
-- At the edges, update accepts.
assert(bookstories.update(target.id, {quotes = {emoji500}}).quotes[1].text == emoji500)
assert(bookstories.update(target.id, {content = content1000}).content == content1000)
assert(#bookstories.update(target.id, {keywords = ten}).keywords == 10)

-- themes.update: the same limits; nothing written when refused.
local theme_before = json(t)
local function theme_refused(field, fields)
  refused("bookstories.themes.update", field, bookstories.themes.update, t.id, fields)
  for _, x in ipairs(bookstories.themes.list{}) do
    if x.id == t.id then assert(json(x) == theme_before, "a refused theme update changed it: " .. json(x)) end
  end
end
theme_refused("name", {name = name20 .. "가"})
theme_refused("name", {name = "   "})
theme_refused("description", {description = desc100 .. "!"})
theme_refused("visibility", {visibility = "nobody"})
theme_refused("description", {name = "새 이름", description = ("😀"):rep(101)})
assert(bookstories.themes.update(t.id, {name = ("가"):rep(20), description = desc100}).name == ("가"):rep(20))
assert(themes() == 3)

-- Paging and review arguments.
refused("bookstories.mine", "page", bookstories.mine, {page = 0})
refused("bookstories.mine", "per_page", bookstories.mine, {per_page = 0})
refused("bookstories.mine", "per_page", bookstories.mine, {per_page = 101})
refused("bookstories.public", "page", bookstories.public, {page = -1})
refused("bookstories.public", "per_page", bookstories.public, {per_page = 101})
refused("bookstories.of", "per_page", bookstories.of, app.user().name, {per_page = 101})
refused("bookstories.review", "count", bookstories.review, {count = 0})
refused("bookstories.review", "count", bookstories.review, {count = -1})
assert(#bookstories.mine{per_page = 100} == count and #bookstories.mine{per_page = 1} == 1)
print("bookstories limits ok")
