-- app.notify: a desktop notification, or one line on standard error; its limits.
-- stdout: app_notify ok
local check = require("lib.check")
local shown = app.notify("Floss 🦷", "치실 했나요?")
assert(shown == "desktop" or shown == "stderr", tostring(shown))
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
print("app_notify ok")
