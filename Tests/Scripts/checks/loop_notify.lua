-- app.notify's limits, run by checks/loop.sh with no session bus (so that make test never
-- shows a real notification on a developer's desktop).
local check = {}
function check.fails(route, code, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok and type(err) == "table" and err.code == code and err.route == route, tostring(err))
  return err
end
local shown = app.notify("Floss 🦷", "치실 했나요?")
assert(shown == "stderr", tostring(shown))
assert(app.notify("Title only") == shown)
local err = check.fails("app.notify", "invalid_argument", app.notify, "")
assert(err.field == "title", err.field)
err = check.fails("app.notify", "invalid_argument", app.notify, ("가"):rep(101))
assert(err.message:find("at most 100 characters", 1, true), err.message)
err = check.fails("app.notify", "invalid_argument", app.notify, "t", ("🦷"):rep(1001))
assert(err.field == "body" and err.message:find("1000", 1, true), err.message)
check.fails("app.notify", "invalid_argument", app.notify, 42)
-- The title and body are free text: the event records their lengths only.
local seen
app.on("app%.notify", function(e) seen = e end)
app.notify("Secret title", "secret body")
assert(seen and seen.params.title_length == "12" and seen.params.title == nil, json(seen and seen.params))
print("loop_notify ok")
