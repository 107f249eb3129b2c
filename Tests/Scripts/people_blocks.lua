-- args: --user mina
-- stdout: people blocks ok
-- Blocking end to end: mina blocks joon; neither sees the other's stories or comments,
-- joon cannot comment on mina's story, and joon is not told; unblocking shows them again.
-- A report of sol's comment blocks sol too, once.
local check = require("lib.check")
local fails = check.fails
local function quotes(list)
  local out = {}
  for i, s in ipairs(list) do out[i] = s.quotes[1].text end
  return table.concat(out, "|")
end

local book = {title = "데미안", author = "헤르만 헤세"}
local mine = bookstories.create{book = book, quotes = {"미나의 문장"}, visibility = "public"}
app.login("joon")
local joons = bookstories.create{book = book, quotes = {"준의 문장"}, visibility = "public"}
bookstories.comment(mine.id, "준의 댓글 🐕")
app.login("mina")
assert(quotes(bookstories.public()) == "준의 문장|미나의 문장", quotes(bookstories.public()))

local blocked = people.block("joon")
assert(blocked.name == "joon")
assert(#people.blocked() == 1 and people.blocked()[1].name == "joon")
assert(quotes(bookstories.public()) == "미나의 문장")
assert(#bookstories.comments(mine.id) == 0, "joon's comment is hidden from mina")
fails("bookstories.get", "bookstories.not_found", bookstories.get, joons.id)
fails("people.block", "invalid_argument", people.block, "mina")
fails("people.block", "people.not_found", people.block, "nobody")

app.login("joon")
assert(quotes(bookstories.public()) == "준의 문장")
assert(#bookstories.of("mina") == 0)
fails("bookstories.comment", "bookstories.not_found", bookstories.comment, mine.id, "또")
assert(#people.blocked() == 0, "joon is not told")

app.login("mina")
people.unblock("joon")
fails("people.unblock", "people.not_found", people.unblock, "joon")
assert(#people.blocked() == 0)
assert(quotes(bookstories.public()) == "준의 문장|미나의 문장")
assert(bookstories.comments(mine.id)[1].text == "준의 댓글 🐕")
-- A report blocks too: sol comments on mina's story, mina reports the comment once.
app.login("sol")
local rude = bookstories.comment(mine.id, "광고입니다 📢")
app.login("mina")
local report = reports.create{comment = rude.id, reason = "spam", message = "광고"}
assert(report.status == "pending" and report.target_kind == "comment", report.status)
assert(people.blocked()[1].name == "sol")
fails("reports.create", "reports.not_found", reports.create, {comment = rude.id, reason = "spam"})
reports.create{user = "sol", reason = "spam"}
fails("reports.create", "reports.already_reported", reports.create, {user = "sol", reason = "other"})
fails("reports.create", "invalid_argument", reports.create, {user = "mina", reason = "spam"})
assert(#reports.mine() == 2)
app.login("sol")
assert(#reports.mine() == 0 and #people.blocked() == 0, "sol is not told")
print("people blocks ok")
