-- stdout: 2026-11-29
-- stdout: 2026-11-29T08:00:00+09:00
-- The clock and zone come from the runner's --now and --tz.
print(app.today())
print(app.now())
assert(app.today() == "2026-11-29")
