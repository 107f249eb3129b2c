-- args: --user mina
-- stdout: bookstories comments ok
-- Comments and replies on stories, end to end: mina writes a public story, joon and sol
-- comment and reply, in Korean and emoji; a reply to a reply is refused; the pages are
-- newest first with the first three replies oldest first; only authors edit, authors or
-- the story's author delete; a story made private hides its comments from joon, and
-- making it public again shows them.
local check = require("lib.check")
local fails = check.fails
local function texts(list)
  local out = {}
  for i, c in ipairs(list) do out[i] = c.text end
  return table.concat(out, "|")
end

local story = bookstories.create{book = {title = "데미안", author = "헤르만 헤세"},
  quotes = {"새는 알에서 나오려고 투쟁한다."}, visibility = "public"}
local private = bookstories.create{book = {title = "비밀", author = "나"}, quotes = {"혼자만"}}

app.login("joon")
local first = bookstories.comment(story.id, "  저도 이 문장에서 멈췄어요 🌱  ")
assert(first.text == "저도 이 문장에서 멈췄어요 🌱" and first.author_name == "joon", first.text)
assert(first.parent_id == nil and first.story_id == story.id)
fails("bookstories.comment", "bookstories.not_found", bookstories.comment, private.id, "몰래")
fails("bookstories.comment", "invalid_argument", bookstories.comment, story.id, string.rep("가", 1001))

app.login("sol")
local second = bookstories.comment(story.id, "두 번째 댓글")
local answer = bookstories.reply(first.id, "답글 🐶")
assert(answer.parent_id == first.id and answer.story_id == story.id)
local deeper = fails("bookstories.reply", "bookstories.reply_to_reply", bookstories.reply, answer.id, "답글의 답글")
assert(deeper.message:find("replies to replies are not allowed", 1, true), deeper.message)

app.login("mina")
bookstories.reply(first.id, "고마워요")
local page = bookstories.comments(story.id)
assert(texts(page) == "두 번째 댓글|저도 이 문장에서 멈췄어요 🌱", texts(page))
assert(page[2].reply_count == 2 and texts(page[2].replies) == "답글 🐶|고마워요", texts(page[2].replies))
assert(texts(bookstories.replies(first.id)) == "답글 🐶|고마워요")

-- Only its author edits a comment; its author or the story's author deletes it.
fails("bookstories.edit_comment", "forbidden", bookstories.edit_comment, second.id, "남의 댓글")
app.login("sol")
assert(bookstories.edit_comment(second.id, "고쳐 쓴 댓글").text == "고쳐 쓴 댓글")
app.login("joon")
fails("bookstories.delete_comment", "forbidden", bookstories.delete_comment, second.id)
app.login("mina")
bookstories.delete_comment(second.id)
assert(#bookstories.comments(story.id) == 1)

-- Private hides the comments from everyone but the story's author; public shows them again.
bookstories.update(story.id, {visibility = "private"})
assert(#bookstories.comments(story.id) == 1)
app.login("joon")
fails("bookstories.comments", "bookstories.not_found", bookstories.comments, story.id)
fails("bookstories.replies", "bookstories.not_found", bookstories.replies, first.id)
app.login("mina")
bookstories.update(story.id, {visibility = "public"})
app.login("joon")
assert(texts(bookstories.comments(story.id)) == "저도 이 문장에서 멈췄어요 🌱")

-- Deleting the story deletes its comments.
app.login("mina")
bookstories.delete(story.id)
app.login("joon")
fails("bookstories.replies", "bookstories.not_found", bookstories.replies, first.id)
print("bookstories comments ok")
