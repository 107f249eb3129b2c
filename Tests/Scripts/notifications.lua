-- args: --user mina
-- stdout: notifications ok
-- The notification list end to end: joon's comment on mina's story and sol's reply to
-- mina's comment reach mina, newest first, unread; reading one, then all; a block hides
-- joon's until unblocked; a deleted comment takes its notification with it; delete and
-- clear. A hook of app.on sees the same entries as inbox events.
local check = require("lib.check")
local fails = check.fails

local book = {title = "소년이 온다", author = "한강"}
local mine = bookstories.create{book = book, quotes = {"미나의 문장"}, visibility = "public"}
app.login("sol")
local sols = bookstories.create{book = book, quotes = {"솔의 문장"}, visibility = "public"}
app.login("mina")
local on_sols = bookstories.comment(sols.id, "미나의 댓글")
bookstories.comment(mine.id, "내 이야기에 내 댓글") -- mina's own: nothing for mina
app.login("joon")
local joons = bookstories.comment(mine.id, "준의 댓글 🐕")
app.login("sol")
local reply = bookstories.reply(on_sols.id, "솔의 답글 🌙")
app.login("mina")

local list = notifications.list()
assert(#list == 2, #list)
assert(list[1].kind == "bookstories.reply" and list[1].actor == "sol" and list[1].subject_id == reply.id)
assert(list[2].kind == "bookstories.comment" and list[2].actor == "joon" and list[2].subject_id == joons.id)
assert(list[2].params.story_id == mine.id and list[1].params.comment_id == on_sols.id)
assert(not list[1].read and notifications.unread() == 2)
assert(notifications.read(list[2].id) == 1)
assert(notifications.list()[2].read and notifications.unread() == 1)
assert(notifications.read("all") == 1 and notifications.unread() == 0)
fails("notifications.read", "notifications.not_found", notifications.read, 987654)
fails("notifications.read", "invalid_argument", notifications.read, "some")
fails("notifications.list", "invalid_argument", notifications.list, {page = 0})
assert(#notifications.list{page = 2} == 0)

-- The same entries are the inbox's events.
local names = {}
for _, e in ipairs(app.inbox()) do names[#names + 1] = e.name end
assert(table.concat(names, " ") == "bookstories.comment bookstories.reply", table.concat(names, " "))

people.block("joon")
assert(#notifications.list() == 1 and notifications.list()[1].actor == "sol")
people.unblock("joon")
assert(#notifications.list() == 2)
app.login("joon")
assert(#notifications.list() == 0, "joon is told nothing")
bookstories.delete_comment(joons.id)
app.login("mina")
assert(#notifications.list() == 1, "a deleted comment takes its notification")

notifications.delete(notifications.list()[1].id)
assert(#notifications.list() == 0)
app.login("joon")
bookstories.comment(mine.id, "다시 🐕")
bookstories.comment(mine.id, "또 🐕")
app.login("mina")
assert(notifications.unread() == 2)
assert(notifications.clear() == 2 and #notifications.list() == 0 and notifications.unread() == 0)
print("notifications ok")
