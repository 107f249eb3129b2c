-- Shared assertions for the end-to-end scripts: loaded with require("lib.check").
local check = {}

--- Calls F with the remaining arguments and asserts that it fails with an AppError table
--- of CODE raised by ROUTE; returns the error for further checks.
function check.fails(route, code, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, route .. " did not fail with " .. code)
  assert(type(err) == "table" and err.code == code, route .. ": expected " .. code .. ", got " .. tostring(err))
  assert(err.route == route, "route " .. tostring(err.route) .. " for " .. route)
  return err
end

--- The keys of table T, sorted and joined with commas: a record's field names.
function check.keys(t)
  local names = {}
  for k in pairs(t) do names[#names + 1] = tostring(k) end
  table.sort(names)
  return table.concat(names, ",")
end

--- A habit's tracking periods as "start..end start..", an open period ending in "..".
function check.periods(h)
  local out = {}
  for i, p in ipairs(h.tracking_periods) do out[i] = p.start .. ".." .. (p["end"] or "") end
  return table.concat(out, " ")
end

--- A calendar's day states as one letter a day (the first letter of each state).
function check.states(cal)
  local out = {}
  for i, d in ipairs(cal.days) do out[i] = d.state:sub(1, 1) end
  return table.concat(out)
end

return check
