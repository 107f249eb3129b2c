-- args: --now 2026-11-28T23:30:00Z --tz America/Los_Angeles
-- stdout: os clock ok
-- os.date and os.time follow --now and --tz: one clock for routes and for Lua. In Los
-- Angeles it is 15:30 on the 28th, while UTC (and the machine) are elsewhere.
assert(os.date("%Y-%m-%d") == app.today(), os.date("%Y-%m-%d") .. " vs " .. app.today())
assert(os.date("%Y-%m-%d %H:%M") == "2026-11-28 15:30", os.date("%Y-%m-%d %H:%M"))
assert(os.date("!%Y-%m-%d %H:%M") == "2026-11-28 23:30", os.date("!%Y-%m-%d %H:%M"))
assert(os.date("%z") == "-0800", os.date("%z"))
assert(os.time() == 1795908600, os.time())

local d = os.date("*t")
assert(d.year == 2026 and d.month == 11 and d.day == 28 and d.hour == 15 and d.min == 30 and d.sec == 0)
assert(d.wday == 7 and d.yday == 332 and d.isdst == false)
assert(os.time(d) == os.time())
assert(os.time{year = 2026, month = 11, day = 28, hour = 15, min = 30} == os.time())
-- July is summer time there.
assert(os.date("*t", os.time{year = 2026, month = 7, day = 1}).isdst == true)
assert(os.date("%z", os.time{year = 2026, month = 7, day = 1}) == "-0700")

-- The README's kind of line: complete today, named by os.date.
local h = habits.create{name = "Stretch 🧘"}
local done = habits.complete(h.id, {on = os.date("%Y-%m-%d")})
assert(done, "completed")
assert(habits.get(h.id).name == "Stretch 🧘")
assert(type(os.clock()) == "number")
print("os clock ok")
