-- One person of the neighbourhood (Tests/Bench/neighbourhood.py): waits in app.loop() for walk
-- requests and accepts each from an inbox hook; once the bench's start reaches its inbox, asks
-- a mate at random for a walk at its share of the total rate, step by step.
--
--   app-shell --db URL neighbour.lua PEOPLE STEPS MATES
--     PEOPLE  how many people send in all (each sends PEOPLE / rate seconds apart)
--     STEPS   rate:seconds,...  the total rate of walk requests a second, and for how long
--     MATES   the mates' user names, comma-separated
--
-- Prints one line per thing the bench times (standard output is flushed each time):
--   waiting | started | send | sent <id> <mate> | got <id> | error <where> <message> | done
local people, schedule, mate_list = ...
people = tonumber(people)
local steps = {}
for rate, seconds in (schedule or ""):gmatch("(%d+):(%d+)") do
  steps[#steps + 1] = { rate = tonumber(rate), seconds = tonumber(seconds) }
end
local mates = {}
for name in (mate_list or ""):gmatch("[^,]+") do mates[#mates + 1] = name end
assert(people and people > 0 and #steps > 0 and #mates > 0, "usage: neighbour.lua PEOPLE STEPS MATES")

local function say(...)
  print(...)
  io.stdout:flush()
end

app.on("walks%.incoming", function(e)
  if e.view ~= "inbox" then return end
  say("got", e.params.id)
  local ok, failure = pcall(walks.accept, e.params.id)
  if not ok then say("error", "accept", tostring(failure)) end
end)

local function send()
  local mate = mates[math.random(#mates)]
  say("send")
  local ok, request = pcall(walks.request, { mate = mate, message = "산책 갈래? 🐕", place = { lat = 37.52, lng = 126.93 } })
  if ok then say("sent", request.id, mate) else say("error", "request", tostring(request)) end
end

-- The step that second `at` of the run falls in, or nil after the last.
local function step_at(at)
  local ends = 0
  for _, step in ipairs(steps) do
    ends = ends + step.seconds
    if at < ends then return step end
  end
end

-- From `at` seconds into the run: the next request a period later (a random part of one
-- at first), while that falls within a step.
local function schedule_from(at, first)
  local step = step_at(at)
  local period = step and people / step.rate
  local wait = period and math.max(first and math.random() * period or period, 0.1)
  if not wait or not step_at(at + wait) then return say("done") end
  app.after(wait, function()
    send()
    schedule_from(at + wait)
  end)
end

local started = false
app.on("bench%.start", function(e)
  if e.view ~= "inbox" or started then return end
  started = true
  say("started")
  schedule_from(0, true)
end)

walks.incoming() -- signs in before the bench links the mates
say("waiting")
say("loop", app.loop())
