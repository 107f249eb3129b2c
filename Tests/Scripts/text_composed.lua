-- stdout: text composed ok
-- Hangul typed as separate jamo (NFD) is its syllables: a nickname of 8 syllables, a book
-- title of 200 and a keyword of 8 are within their limits however typed, and are kept
-- composed (NFC), so on a server the database's own checks take them too; 9 syllables of
-- jamo are still one too many.
local bo, ri = "\u{1107}\u{1169}", "\u{1105}\u{1175}"  -- 보, 리 as jamo
local ga = "\u{1100}\u{1161}"                          -- 가 as jamo
local saved = profiles.save{nickname = (bo .. ri):rep(4),
  dog = {name = (bo .. ri):rep(7) .. bo, age = 3, sex = "female", size = "small", keywords = {"shy"}}}
assert(saved.nickname == ("보리"):rep(4), saved.nickname)
assert(profiles.me().dog.name == ("보리"):rep(7) .. "보", profiles.me().dog.name)
local ok, err = pcall(profiles.save, {nickname = (bo .. ri):rep(4) .. bo,
  dog = {name = "Dog", age = 3, sex = "female", size = "small", keywords = {"shy"}}})
assert(not ok and err.field == "nickname", tostring(err and err.message))
local story = bookstories.create{book = {title = ga:rep(200), author = "헤세"}, quotes = {ga:rep(500)},
  keywords = {ga:rep(8)}, visibility = "public"}
assert(story.book.title == ("가"):rep(200), #story.book.title)
assert(story.keywords[1] == ("가"):rep(8), story.keywords[1])
assert(#bookstories.public{} == 1)
print("text composed ok")
