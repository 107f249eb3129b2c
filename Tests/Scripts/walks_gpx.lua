-- stdout: walks from GPX ok
-- stdout: Walk  2026-11-29 07:00 → 07:45
-- stdout:       3.16 km · 46 min · 14:31 /km
-- A track as OsmAnd writes it (Tests/Fixtures/gpx) becomes a walk with its route, once;
-- logs are newest first, weeks sum them, a picture is SniffMeet's card as PNG bytes; what
-- cannot be a walk is said and changes nothing; a route is its walker's alone.
local fixtures = "../Fixtures/gpx/"
app.login("mina")
walks.log{steps = 700, distance = 500, started_at = "2026-11-29T06:00:00+09:00", ended_at = "2026-11-29T06:10:00+09:00"}

local imported = walks.import_gpx(fixtures .. "osmand-hangang.gpx")
assert(#imported.walks == 1 and imported.already_there == 0 and #imported.skipped == 0)
local walk = imported.walks[1]
assert(walk.distance > 3050 and walk.distance < 3250, walk.distance)
assert(walk.duration == 2756 and walk.steps == nil, walk.duration)
assert(walk.started_at == "2026-11-29T07:00:00+09:00" and walk.ended_at == "2026-11-29T07:45:56+09:00")
show(walk)

local route = walks.route(walk.id)
assert(#route == imported.points and route[1].at == "2026-11-29T07:00:00+09:00" and route[1].ele == 12)
assert(route[#route].segment == 2)

local again = walks.import_gpx(fixtures .. "osmand-hangang.gpx")
assert(#again.walks == 0 and again.already_there == 1)

local logs = walks.logs()
assert(#logs == 2 and logs[1].id == walk.id and logs[2].steps == 700, "newest first")
local weeks = walks.summary()
assert(#weeks == 1 and weeks[1].week == "2026-11-23" and weeks[1].walks == 2)
assert(weeks[1].duration == 2756 + 600 and math.abs(weeks[1].distance - walk.distance - 500) < 1e-6)

-- Both tracks of the Garmin file fail: the first ends after now, the second has no times.
local ok, e = pcall(walks.import_gpx, fixtures .. "garmin-two-tracks.gpx")
assert(not ok and e.code == "walks.bad_gpx" and e.field == "path", tostring(e))
assert(e.message:find("track 1 (Haeundae): it ends in the future", 1, true), e.message)
ok, e = pcall(walks.import_gpx, fixtures .. "garmin-two-tracks.gpx", {started_at = "2026-11-29T06:00:00+09:00",
  ended_at = "2026-11-29T06:30:00+09:00"})
assert(not ok and e.code == "invalid_argument" and e.field == "started_at", tostring(e))
ok, e = pcall(walks.import_gpx, fixtures .. "nowhere.gpx")
assert(not ok and e.code == "invalid_argument" and e.field == "path", tostring(e))
ok, e = pcall(walks.import_gpx, "../Fixtures/import/koreader.json")
assert(not ok and e.code == "walks.bad_gpx", tostring(e))
assert(#walks.logs() == 2, "nothing was written")

-- The picture: a PNG of 392 x 591 (its IHDR), for the walk and for its week.
local function size(png)
  local function be32(i) local a, b, c, d = png:byte(i, i + 3) return ((a * 256 + b) * 256 + c) * 256 + d end
  assert(png:sub(1, 8) == "\137PNG\r\n\26\n", "a PNG")
  return be32(17), be32(21)
end
local width, height = size(walks.picture(walk.id))
assert(width == 392 and height == 591)
width, height = size(walks.week_picture("2026-11-29"))
assert(width == 392 and height == 591)

app.login("joon")
ok, e = pcall(walks.picture, walk.id)
assert(not ok and e.code == "walks.not_found", "another person's walk is not there")
ok, e = pcall(walks.route, walk.id)
assert(not ok and e.code == "walks.not_found")
assert(#walks.summary() == 0)
print("walks from GPX ok")
