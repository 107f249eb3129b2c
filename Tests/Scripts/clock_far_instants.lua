-- args: --tz Europe/Berlin
-- stdout: far instants ok
-- No instant ends the process: os.date and os.time on instants far past any zone's last
-- transition (where a summer-time rule decides, as in Berlin, New York or a POSIX TZ
-- rule) give a value or a Lua error that pcall catches, never an arithmetic trap.
-- checks/instants.sh runs this script again in America/New_York and under a POSIX rule.
local function outcome(f, ...)
  local ok, result = pcall(f, ...)
  return ok and "ok" or tostring(result)
end
local cannot = "date result cannot be represented in this installation"
for _, seconds in ipairs{math.maxinteger, math.mininteger, 1 << 62, -(1 << 62)} do
  for _, format in ipairs{"%c", "*t", "!%c", "!*t", "%Y-%m-%d %H:%M:%S %z %Z"} do
    local result = outcome(os.date, format, seconds)
    assert(result == cannot, format .. " of " .. seconds .. ": " .. result)
  end
end
-- Far but representable: the rule of the zone's footer still applies, year after year.
local year = os.date("*t", 400 * 365 * 86400 * 1000)
assert(year.year > 400000 and year.year < 402000, year.year)
assert(os.date("%Y", 253402300799):match("^9999$") or os.date("%Y", 253402300799) == "10000")
-- os.time with the largest year a C int holds, and the smallest.
local high = os.time{year = (1 << 31) - 1 + 1900, month = 12, day = 31, hour = 23, min = 59, sec = 59}
assert(math.type(high) == "integer" and high > 0, high)
local low = os.time{year = -(1 << 31) + 1900, month = 1, day = 1, hour = 0}
assert(math.type(low) == "integer" and low < 0, low)
-- Months and seconds far out of range carry, as mktime's do, without a trap.
assert(outcome(os.time, {year = 2026, month = (1 << 31) - 1, day = 1}) == "ok")
assert(outcome(os.time, {year = 2026, month = 1, day = 1, sec = (1 << 31) - 1}) == "ok")
-- Summer time still holds where it should (in July north of the equator, December south),
-- now and 400,000 years on.
for _, year in ipairs{2026, 402026} do
  local july = os.date("*t", os.time{year = year, month = 7, day = 1}).isdst
  local december = os.date("*t", os.time{year = year, month = 12, day = 1}).isdst
  assert(july ~= december, year)
end
print("far instants ok")
