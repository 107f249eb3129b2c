-- args: --allow-io
-- stdout: bookstories lists ok
-- The three lists (mine, public, of): newest first by creation, ties (one instant) broken
-- by insertion order (the later one is newer); pages 1-based, per_page 10 by default and
-- at most 100; walking every page gives each story exactly once; the keyword filter is
-- exact and ignores case; the theme filter; both together.
-- Stories at other instants are made by running app-shell again on the same database with
-- another --now (the binary and --db come from arg).
local at = require("lib.replay").at
local check = require("lib.check")
local fails = check.fails
-- The titles of a list, joined, to compare orders.
local function titles(list)
  local out = {}
  for i, s in ipairs(list) do out[i] = s.book.title end
  return table.concat(out, ",")
end
local function range(from, to)
  local out = {}
  for i = from, to, from <= to and 1 or -1 do out[#out + 1] = "s" .. i end
  return table.concat(out, ",")
end

-- 25 stories made now, one after another, at the same instant: s1 .. s25.
app.login("mina")
local made = {}
for i = 1, 25 do
  made[i] = bookstories.create{book = {title = "s" .. i, author = "a"}, quotes = {"q" .. i},
    visibility = i % 5 == 0 and "private" or "public"}
end
-- Newest first: the last inserted comes first; 10 per page by default.
local page1 = bookstories.mine()
assert(#page1 == 10 and titles(page1) == range(25, 16), titles(page1))
assert(titles(bookstories.mine{page = 1}) == range(25, 16))
assert(titles(bookstories.mine{page = 2}) == range(15, 6), titles(bookstories.mine{page = 2}))
assert(titles(bookstories.mine{page = 3}) == range(5, 1), titles(bookstories.mine{page = 3}))
assert(#bookstories.mine{page = 4} == 0)
assert(#bookstories.mine{page = 1000} == 0)
assert(titles(bookstories.mine{per_page = 7, page = 2}) == range(18, 12))
assert(titles(bookstories.mine{per_page = 100}) == range(25, 1))
assert(titles(bookstories.mine{per_page = 1, page = 25}) == "s1")
fails("bookstories.mine", "invalid_argument", bookstories.mine, {per_page = 101})
fails("bookstories.mine", "invalid_argument", bookstories.mine, {page = 0})

-- Stories made earlier and later by other runs: the order is by creation instant, not by
-- insertion. "old" was made on the 1st (stored after all of today's), "older" in 2025,
-- "late" tonight.
at("2026-11-01T12:00:00+09:00", 'bookstories.create{book = {title = "old", author = "a"}, quotes = {"q"}, visibility = "public"}')
at("2025-06-30T23:59:59+09:00", 'bookstories.create{book = {title = "older", author = "a"}, quotes = {"q"}, visibility = "public"}')
at("2026-11-29T21:00:00+09:00", 'bookstories.create{book = {title = "late", author = "a"}, quotes = {"q"}}')
-- Two at one instant in another run: insertion order breaks the tie there too.
at("2026-11-10T09:00:00+09:00", [[
  bookstories.create{book = {title = "tie1", author = "a"}, quotes = {"q"}, visibility = "public"}
  bookstories.create{book = {title = "tie2", author = "a"}, quotes = {"q"}, visibility = "public"}
]])
local all = bookstories.mine{per_page = 100}
assert(titles(all) == "late," .. range(25, 1) .. ",tie2,tie1,old,older", titles(all))
local old = all[#all - 1]
assert(old.created_at == "2026-11-01T12:00:00+09:00", old.created_at)
assert(all[1].created_at == "2026-11-29T21:00:00+09:00")
for i = 2, #all do assert(all[i - 1].created_at >= all[i].created_at, "not newest first at " .. i) end

-- A change later does not move a story: the order is by creation, keyword lists too.
at("2026-11-29T22:30:00+09:00", string.format([[
  bookstories.update(%q, {keywords = {"Later"}, content = "changed"})
  for _, s in ipairs(bookstories.mine{per_page = 100}) do
    if s.book.title == "old" then bookstories.update(s.id, {keywords = {"later"}}) end
  end
]], made[3].id))
local changed = bookstories.get(made[3].id)
assert(changed.content == "changed" and changed.created_at == "2026-11-29T08:00:00+09:00", changed.created_at)
assert(changed.updated_at == "2026-11-29T22:30:00+09:00", "updated_at after a change: " .. changed.updated_at)
assert(titles(bookstories.mine{per_page = 100}) == titles(all), "a change moved a story in the list")
assert(titles(bookstories.mine{keyword = "LATER"}) == "s3,old", titles(bookstories.mine{keyword = "LATER"}))
assert(titles(bookstories.public{keyword = "later"}) == "s3,old")

-- Walking every page, at several page sizes: each story exactly once, in the same order.
local function walk(list, opts)
  local seen, order, page = {}, {}, 1
  while true do
    local o = {page = page}
    for k, v in pairs(opts or {}) do o[k] = v end
    local chunk = list(o)
    assert(#chunk <= (o.per_page or 10), "a page longer than per_page")
    if #chunk == 0 then break end
    for _, s in ipairs(chunk) do
      assert(not seen[s.id], "story " .. s.book.title .. " twice while paging")
      seen[s.id] = true
      order[#order + 1] = s.book.title
    end
    page = page + 1
    assert(page < 200, "paging does not end")
  end
  return table.concat(order, ","), #order
end
for _, per_page in ipairs{1, 3, 10, 29, 30, 31, 100} do
  local order, n = walk(bookstories.mine, {per_page = per_page})
  assert(n == 30 and order == titles(all), per_page .. ": " .. order)
end
assert((walk(bookstories.mine)) == titles(all))

-- public: every user's public stories, newest first; of: one user's visible ones.
app.login("joon")
local j1 = bookstories.create{book = {title = "j1", author = "a"}, quotes = {"q"}, visibility = "public"}
local j2 = bookstories.create{book = {title = "j2", author = "a"}, quotes = {"q"}}
local public_all = bookstories.public{per_page = 100}
local want = {"j1"}
for i = 25, 1, -1 do if i % 5 ~= 0 then want[#want + 1] = "s" .. i end end
for _, t in ipairs{"tie2", "tie1", "old", "older"} do want[#want + 1] = t end
assert(titles(public_all) == table.concat(want, ","), titles(public_all))
local pub_order, pub_n = walk(bookstories.public, {per_page = 4})
assert(pub_n == #want and pub_order == table.concat(want, ","), pub_order)
assert(#bookstories.public() == 10 and titles(bookstories.public{page = 2}) == table.concat(want, ",", 11, 20))
local of_mina = bookstories.of("mina", {per_page = 100})
assert(titles(of_mina) == table.concat(want, ",", 2), titles(of_mina))
local of_order, of_n = walk(function(o) return bookstories.of("mina", o) end, {per_page = 6})
assert(of_n == #want - 1 and of_order == titles(of_mina))
assert(#bookstories.of("mina") == 10)
assert(titles(bookstories.mine()) == "j2,j1")
fails("bookstories.public", "invalid_argument", bookstories.public, {per_page = 101})
fails("bookstories.of", "invalid_argument", bookstories.of, "mina", {page = 0})

-- Keywords: exact, ignoring case; '#' in the filter is dropped as on a story.
app.login("sol")
local k = {}
k.book = bookstories.create{book = {title = "k-book", author = "a"}, quotes = {"q"}, keywords = {"Book"}, visibility = "public"}
k.books = bookstories.create{book = {title = "k-books", author = "a"}, quotes = {"q"}, keywords = {"books"}, visibility = "public"}
k.ebook = bookstories.create{book = {title = "k-ebook", author = "a"}, quotes = {"q"}, keywords = {"ebook", "BOOK2"}, visibility = "public"}
k.grow = bookstories.create{book = {title = "k-grow", author = "a"}, quotes = {"q"}, keywords = {"성장", "book"}}
k.growth = bookstories.create{book = {title = "k-growth", author = "a"}, quotes = {"q"}, keywords = {"성장기"}, visibility = "public"}
assert(titles(bookstories.mine{keyword = "book"}) == "k-grow,k-book", titles(bookstories.mine{keyword = "book"}))
assert(titles(bookstories.mine{keyword = "BOOK"}) == "k-grow,k-book")
assert(titles(bookstories.mine{keyword = "bOoK"}) == "k-grow,k-book")
assert(titles(bookstories.mine{keyword = "#Book"}) == "k-grow,k-book")
assert(titles(bookstories.mine{keyword = "books"}) == "k-books")
assert(titles(bookstories.mine{keyword = "Book2"}) == "k-ebook")
assert(titles(bookstories.mine{keyword = "boo"}) == "", "a keyword filter matched a substring")
assert(titles(bookstories.mine{keyword = "ook"}) == "")
assert(titles(bookstories.mine{keyword = "성장"}) == "k-grow")
assert(titles(bookstories.mine{keyword = "성장기"}) == "k-growth")
assert(titles(bookstories.mine{keyword = "성"}) == "")
assert(titles(bookstories.mine{keyword = "없음"}) == "")
-- Case is ignored beyond ASCII too.
bookstories.create{book = {title = "k-öl", author = "a"}, quotes = {"q"}, keywords = {"Ölbaum", "Éte"}}
assert(titles(bookstories.mine{keyword = "ölbaum"}) == "k-öl", titles(bookstories.mine{keyword = "ölbaum"}))
assert(titles(bookstories.mine{keyword = "ÖLBAUM"}) == "k-öl")
assert(titles(bookstories.mine{keyword = "éTE"}) == "k-öl")
assert(titles(bookstories.mine{keyword = "ete"}) == "", "é is not e")
-- In public, sol's private k-grow is not there for anyone, sol included.
assert(titles(bookstories.public{keyword = "BOOK"}) == "k-book", titles(bookstories.public{keyword = "BOOK"}))
assert(titles(bookstories.of("sol", {keyword = "book"})) == "k-grow,k-book")
app.login("joon")
assert(titles(bookstories.of("sol", {keyword = "book"})) == "k-book")
app.login("sol")
-- A keyword changed on update: found by the new one only.
bookstories.update(k.books.id, {keywords = {"Novel"}})
assert(titles(bookstories.mine{keyword = "books"}) == "")
assert(titles(bookstories.mine{keyword = "novel"}) == "k-books")
assert(titles(bookstories.public{keyword = "NOVEL"}) == "k-books")
-- Keyword paging: newest first, each once.
for i = 1, 12 do
  bookstories.create{book = {title = "p" .. i, author = "a"}, quotes = {"q"}, keywords = {"Page"}, visibility = "public"}
end
local kp = {}
for i = 12, 1, -1 do kp[#kp + 1] = "p" .. i end
assert(titles(bookstories.mine{keyword = "page"}) == table.concat(kp, ",", 1, 10))
assert(titles(bookstories.mine{keyword = "PAGE", page = 2}) == table.concat(kp, ",", 11, 12))
assert(titles(bookstories.public{keyword = "page", per_page = 5, page = 3}) == table.concat(kp, ",", 11, 12))
local korder, kn = walk(bookstories.public, {keyword = "Page", per_page = 5})
assert(kn == 12 and korder == table.concat(kp, ","), korder)

-- Themes: the filter, and with a keyword.
local t = bookstories.themes.create{name = "테마", visibility = "public"}
local other = bookstories.themes.create{name = "다른 테마", visibility = "public"}
local in1 = bookstories.create{book = {title = "t1", author = "a"}, quotes = {"q"}, keywords = {"x"}, themes = {t.id}, visibility = "public"}
local in2 = bookstories.create{book = {title = "t2", author = "a"}, quotes = {"q"}, keywords = {"Y"}, themes = {t.id, other.id}, visibility = "public"}
local in3 = bookstories.create{book = {title = "t3", author = "a"}, quotes = {"q"}, keywords = {"X"}, themes = {other.id}, visibility = "public"}
bookstories.create{book = {title = "t4", author = "a"}, quotes = {"q"}, keywords = {"x"}, visibility = "public"}
local in5 = bookstories.create{book = {title = "t5", author = "a"}, quotes = {"q"}, keywords = {"x", "y"}, themes = {t.id}}
-- An existing story joins the theme by update: its place in the list is by creation.
bookstories.update(k.book.id, {themes = {t.id}})
assert(titles(bookstories.mine{theme = t.id}) == "t5,t2,t1,k-book", titles(bookstories.mine{theme = t.id}))
assert(titles(bookstories.mine{theme = other.id}) == "t3,t2")
assert(titles(bookstories.mine{theme = t.id, keyword = "x"}) == "t5,t1", titles(bookstories.mine{theme = t.id, keyword = "x"}))
assert(titles(bookstories.mine{theme = t.id, keyword = "Y"}) == "t5,t2")
assert(titles(bookstories.mine{theme = other.id, keyword = "x"}) == "t3")
assert(titles(bookstories.mine{theme = other.id, keyword = "book"}) == "")
assert(titles(bookstories.mine{theme = t.id, keyword = "book"}) == "k-book")
assert(titles(bookstories.mine{theme = t.id, per_page = 2, page = 2}) == "t1,k-book")
assert(titles(bookstories.mine{theme = t.id, keyword = "x", per_page = 1, page = 2}) == "t1")
-- public and of with a theme: the private t5 left out.
assert(titles(bookstories.public{theme = t.id}) == "t2,t1,k-book", titles(bookstories.public{theme = t.id}))
assert(titles(bookstories.public{theme = t.id, keyword = "x"}) == "t1")
assert(titles(bookstories.of("sol", {theme = t.id, keyword = "X"})) == "t5,t1")
app.login("joon")
assert(titles(bookstories.of("sol", {theme = t.id, keyword = "X"})) == "t1")
assert(titles(bookstories.of("sol", {theme = t.id})) == "t2,t1,k-book")
assert(titles(bookstories.public{theme = other.id, keyword = "y"}) == "t2")
app.login("sol")
-- Leaving a theme: out of its list at once.
bookstories.update(in2.id, {themes = {other.id}})
assert(titles(bookstories.mine{theme = t.id}) == "t5,t1,k-book")
assert(titles(bookstories.mine{theme = other.id}) == "t3,t2")
-- A deleted story leaves every list.
bookstories.delete(in1.id)
assert(titles(bookstories.mine{theme = t.id}) == "t5,k-book")
assert(titles(bookstories.mine{keyword = "x"}) == "t5,t4,t3")
-- A deleted theme: its filter is not_found; the stories stay.
bookstories.themes.delete(t.id)
fails("bookstories.mine", "bookstories.not_found", bookstories.mine, {theme = t.id})
fails("bookstories.public", "bookstories.not_found", bookstories.public, {theme = t.id, keyword = "x"})
assert(#bookstories.get(in5.id).themes == 0)
assert(#bookstories.get(in3.id).themes == 1)
print("bookstories lists ok")
