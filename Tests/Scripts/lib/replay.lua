-- Plays another instant against the same database: runs a chunk in a second app-shell
-- with another --now (the clock is fixed for a run). The binary and --db come from `arg`,
-- as the test runner passes them; the script needs --allow-io for io.popen.
local replay = {}

local first = -1
while arg[first - 1] do first = first - 1 end
local binary, db = arg[first], nil
for i = first, -1 do
  if arg[i] == "--db" then db = arg[i + 1] end
end
assert(binary and db and db ~= ":memory:", "replay needs the binary and a --db file")

local function quote(s) return "'" .. (s:gsub("'", "'\\''")) .. "'" end

--- Runs CHUNK at the instant NOW as the acting user (in ZONE, Asia/Seoul by default);
--- returns its standard output, and fails the test when the process fails.
function replay.at(now, chunk, zone)
  local command = table.concat({quote(binary), "--db", quote(db), "--now", quote(now),
    "--tz", quote(zone or "Asia/Seoul"), "--user", quote(app.user().name), "-e", quote(chunk)}, " ")
  local pipe = assert(io.popen(command, "r"))
  local out = pipe:read("a")
  local ok, how, code = pipe:close()
  assert(ok and how == "exit" and code == 0, now .. ": " .. chunk .. " ended " .. tostring(how) .. " " .. tostring(code))
  return out
end

return replay
