-- stdout: limits ok
-- A table of 100,000 keys in a route's options or in events.emit's params is refused at
-- once (it used to take 20 s, past --timeout's reach); an event's params are capped in
-- count and size; the events.* names are reserved.
local check = require("lib.check")
local big = {}
for i = 1, 100000 do big["k" .. i] = "v" end
local started = os.clock()
local err = check.fails("events.emit", "invalid_argument", events.emit, "big.one", big)
assert(err.field == "params", tostring(err.field))
local err2 = check.fails("habits.create", "invalid_argument", habits.create, big)
assert(err2.message:find("256"), err2.message)
local err3 = check.fails("events.list", "invalid_argument", events.list, big)
assert(err3.field == nil, tostring(err3.field))
-- Refusing counts no further than the limit: far under the 20 s a conversion took.
assert(os.clock() - started < 5, "refused in " .. (os.clock() - started) .. " s")

local huge = string.rep("x", 200 * 1024 * 1024 // 1024)  -- 200 KB stands in for 200 MB
local err4 = check.fails("events.emit", "invalid_argument", events.emit, "big.value", {v = huge})
assert(err4.field == "params" and err4.message:find("4096"), err4.message)
local many = {}
for i = 1, 5 do many["k" .. i] = string.rep("가", 1300) end  -- 3,900 bytes each, 19,500 in all
local err5 = check.fails("events.emit", "invalid_argument", events.emit, "big.total", many)
assert(err5.message:find("16384"), err5.message)
local keys = {}
for i = 1, 65 do keys["k" .. i] = "v" end
check.fails("events.emit", "invalid_argument", events.emit, "many.keys", keys)
check.fails("events.emit", "invalid_argument", events.emit, "events.dropped", {count = "99"})
assert(#events.list{name = "big.value"} == 0 and #events.list{name = "big.total"} == 0)

-- What fits is stored whole, Hangul and emoji included.
local fits = {}
for i = 1, 4 do fits["키" .. i] = string.rep("🐶", 1000) end  -- 4,000 bytes each
local e = events.emit("dog.walked", fits)
assert(e.params["키1"] == string.rep("🐶", 1000))
print("limits ok")
