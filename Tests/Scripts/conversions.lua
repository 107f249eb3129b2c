-- stdout: conversions ok
-- Values cross the bridge without losing their kind.
local user = app.user()
assert(type(user) == "table" and user.name == "me")
assert(#user.id == 36 and user.id:match("^[0-9a-f%-]+$"), user.id)

-- Results are copies: changing one does not change the next.
user.name = "changed"
assert(app.user().name == "me")

-- Arrays stay arrays, sorted as the contract says.
local routes = app.routes()
local app_routes = 0
for _, route in ipairs(routes) do
  assert(type(route.summary) == "string" and #route.summary > 0, route.name)
  if route.name:match("^app%.") then app_routes = app_routes + 1 end
end
assert(app_routes == 9, app_routes)
for i = 2, #routes do assert(routes[i - 1].name < routes[i].name) end

-- JSON: integers stay integers, floats stay floats, nested tables keep their shape.
assert(json(1) == "1")
assert(json(1.5) == "1.5")
assert(json(math.maxinteger) == tostring(math.maxinteger))
assert(json({1, 2, {3}}) == "[1,2,[3]]")
assert(json({b = 2, a = {c = true}}) == '{"a":{"c":true},"b":2}')
assert(json("line\n\"q\"") == '"line\\n\\"q\\""')
assert(json({}) == "{}")
-- An empty list from a route stays a list, until it gets items.
assert(json(habits.list()) == "[]")
local empty = habits.list()
assert(getmetatable(empty) == nil and next(empty) == nil, "still a plain empty table")
empty[1] = "x"
assert(json(empty) == '["x"]')

-- A cycle, a function, mixed keys and gaps are errors, not guesses.
local cycle = {}
cycle.self = cycle
local function refuses(value, pattern)
  local ok, err = pcall(json, value)
  assert(not ok, "accepted " .. tostring(value))
  assert(err.code == "invalid_argument", err.code)
  assert(err.message:find(pattern), err.message)
end
refuses(cycle, "cycle")
refuses({f = print}, "function where data is expected")
refuses({1, 2, x = 3}, "mixes list items and named fields")
refuses({[1] = 1, [3] = 3}, "gap")
refuses({[true] = 1}, "boolean")
print("conversions ok")
