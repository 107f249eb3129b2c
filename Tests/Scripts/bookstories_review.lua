-- args: --allow-io --user mina
-- stdout: bookstories review ok
-- bookstories.review{count=}: up to count (default 3) of the acting user's own stories,
-- the same choice all day, a new one the next day. Other days are played by running
-- app-shell again on the same database with another --now (the binary and --db from arg).
local at = require("lib.replay").at
local function fails(route, code, field, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, route .. " did not fail with " .. code)
  assert(type(err) == "table" and err.code == code, route .. ": expected " .. code .. ", got " .. tostring(err))
  assert(err.route == route and err.field == field, tostring(err.route) .. " " .. tostring(err.field))
end
-- The ids of a list joined in order: the choice as a string.
local function ids(list)
  local out = {}
  for i, s in ipairs(list) do out[i] = s.id end
  return table.concat(out, ",")
end
local function same_set(a, b)
  local seen = {}
  for id in a:gmatch("[^,]+") do seen[id] = true end
  local n = 0
  for id in b:gmatch("[^,]+") do
    if not seen[id] then return false end
    n = n + 1
  end
  return n == select(2, a:gsub("[^,]+", ""))
end
-- The review of the acting user at another instant, as the id string.
local REVIEW = 'local o = {} for i, s in ipairs(bookstories.review{count = %d}) do o[i] = s.id end io.write(table.concat(o, ","))'
local function review_at(now, count) return at(now, REVIEW:format(count or 3)) end

-- Nothing to review yet.
assert(#bookstories.review() == 0 and #bookstories.review{count = 5} == 0)

-- mina: 12 stories, some public, some private.
local mina = app.user()
local own = {}
for i = 1, 12 do
  local s = bookstories.create{book = {title = "m" .. i, author = "a"}, quotes = {"q" .. i},
    visibility = i % 3 == 0 and "private" or "public"}
  own[s.id] = true
end
-- joon: 2 stories; joon sees mina's public ones, but reviews only his own.
app.login("joon")
local joon_own = {}
for i = 1, 2 do joon_own[bookstories.create{book = {title = "j" .. i, author = "a"}, quotes = {"q"}}.id] = true end
local jr = bookstories.review{count = 10}
assert(#jr == 2, "joon's review: " .. ids(jr))
for _, s in ipairs(jr) do assert(joon_own[s.id] and s.author_id == app.user().id, "joon reviews a story not his") end
assert(#bookstories.review() == 2)
-- sol has no stories: nothing, although mina's public stories exist.
app.login("sol")
assert(#bookstories.public{per_page = 100} == 8)
assert(#bookstories.review() == 0 and #bookstories.review{count = 100} == 0)
app.login("mina")

-- Default count 3; only mina's own stories, no repeats, each the full story.
local today = bookstories.review()
assert(#today == 3, "default count: " .. #today)
local seen = {}
for _, s in ipairs(today) do
  assert(own[s.id], "mina reviews a story not hers: " .. s.id)
  assert(not seen[s.id], "a story twice in one review")
  seen[s.id] = true
  assert(s.author_id == mina.id)
  assert(json(s) == json(bookstories.get(s.id)), "a reviewed story differs from get")
end
local choice = ids(today)
-- The same all day: again, with the count given, in this run and in later runs that day.
assert(ids(bookstories.review()) == choice, "a second call chose again")
assert(ids(bookstories.review{count = 3}) == choice)
assert(review_at("2026-11-29T08:00:01+09:00") == choice, "another run the same morning chose again")
assert(review_at("2026-11-29T23:59:59+09:00") == choice, "the same evening chose again")
assert(review_at("2026-11-28T15:00:00Z") == choice, "local midnight of the same day chose again")
assert(review_at("2026-11-29T14:59:59Z") == choice, "the last second of the local day chose again")
-- Asking for more keeps the day's choice and adds to it; fewer is a part of it.
local more = bookstories.review{count = 5}
assert(#more == 5, "count 5: " .. ids(more))
for _, s in ipairs(today) do assert(ids(more):find(s.id, 1, true), "count 5 dropped the day's choice: " .. ids(more)) end
assert(ids(bookstories.review{count = 3}) == choice, "count 3 after count 5 chose again")
local one = bookstories.review{count = 1}
assert(#one == 1 and choice:find(one[1].id, 1, true), "count 1 is not one of the day's choice")
-- Up to count: never more stories than mina has, each once.
local all = bookstories.review{count = 100}
assert(#all == 12, "count 100: " .. #all)
local every = {}
for _, s in ipairs(all) do
  assert(own[s.id] and not every[s.id], "count 100: not each own story once")
  every[s.id] = true
end
assert(ids(bookstories.review()) == choice, "after count 100 the day's choice changed")
-- count must be positive.
fails("bookstories.review", "invalid_argument", "count", bookstories.review, {count = 0})
fails("bookstories.review", "invalid_argument", "count", bookstories.review, {count = -3})
fails("bookstories.review", "invalid_argument", "nope", bookstories.review, {nope = 1})
assert(ids(bookstories.review()) == choice)

-- A new choice each day (the local day, Asia/Seoul), the same all that day. A new choice
-- may by chance repeat a day's stories, so over the next four days the choice must not be
-- today's every time, and more than three stories must come up.
local tomorrow = review_at("2026-11-30T00:00:00+09:00")
assert(review_at("2026-11-29T15:00:00Z") == tomorrow, "local midnight in UTC is tomorrow")
assert(review_at("2026-11-30T21:30:00+09:00") == tomorrow, "tomorrow evening chose again")
local new_days, came_up, n_up = 0, {}, 0
for _, day in ipairs{"2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"} do
  local morning = review_at(day .. "T00:00:00+09:00")
  assert(review_at(day .. "T12:00:00+09:00") == morning, day .. ": chose again at noon")
  assert(review_at(day .. "T23:59:59+09:00") == morning, day .. ": chose again at night")
  assert(select(2, morning:gsub("[^,]+", "")) == 3, day .. ": " .. morning)
  for id in morning:gmatch("[^,]+") do
    assert(own[id], day .. ": not mina's: " .. id)
    if not came_up[id] then came_up[id] = true; n_up = n_up + 1 end
  end
  if not same_set(morning, choice) then new_days = new_days + 1 end
end
assert(new_days > 0, "every following day repeats today's review: " .. choice)
assert(n_up > 3, "the following days show only " .. n_up .. " stories")
-- Today, after the other days were asked: still today's choice.
assert(ids(bookstories.review()) == choice, "today's choice changed after other days")
-- Other users on another day: their own stories only.
app.login("joon")
local jt = review_at("2026-11-30T12:00:00+09:00", 10)
assert(select(2, jt:gsub("[^,]+", "")) == 2, "joon tomorrow: " .. jt)
for id in jt:gmatch("[^,]+") do assert(joon_own[id], "joon tomorrow reviews " .. id) end
app.login("sol")
assert(review_at("2026-11-30T12:00:00+09:00", 10) == "")
app.login("mina")

-- A story deleted after it was chosen leaves the review; a private one stays (it is hers).
local gone = today[1].id
bookstories.delete(gone)
local left = bookstories.review()
assert(#left >= 2 and #left <= 3, "after a delete: " .. ids(left))
for _, s in ipairs(left) do
  assert(s.id ~= gone, "a deleted story is reviewed")
  assert(own[s.id])
end
assert(not ids(bookstories.review{count = 100}):find(gone, 1, true))
assert(#bookstories.review{count = 100} == 11)
-- Stories made private still come back to their author.
for _, s in ipairs(bookstories.mine{per_page = 100}) do bookstories.update(s.id, {visibility = "private"}) end
assert(#bookstories.review{count = 100} == 11)
-- Another user's review never holds them, on any day.
app.login("joon")
for _, s in ipairs(bookstories.review{count = 100}) do assert(joon_own[s.id]) end
print("bookstories review ok")
