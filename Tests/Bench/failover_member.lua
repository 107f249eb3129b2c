-- One member of the failover workload (Tests/Bench/failover.py): waits in app.loop() and,
-- every 0.3 s, does the next write of a fixed cycle: completes a habit on the next day,
-- writes a story (private and public by turns), accepts a walk request waiting for it, or
-- asks its mate for a walk (one in eight, under the 30-a-minute limit). A walks.incoming
-- hook accepts too, from the inbox. A write that fails because the server is gone or its
-- outcome is unknown is sent again, the same write with the same chosen id, until it
-- succeeds: so what the member was told succeeded is exactly what it printed.
--
--   app-shell --db URL failover_member.lua MATE TAG
--     MATE  the mate's user name
--     TAG   this member's mark, put in every story and request it writes
--
-- Prints one line per write the bench checks (standard output is flushed each time):
--   ready | ack complete <day> | ack story <token> <id> | ack request <token> <id> |
--   ack accept <id> | retry <kind> <code> | error <kind> <code> <message> | done <why>
local mate, tag = ...
assert(mate and tag, "usage: failover_member.lua MATE TAG")

local function say(...)
  print(...)
  io.stdout:flush()
end

-- A lowercase UUID (version 4) of Lua's random numbers (seeded at random by Lua).
local function uuid()
  local r = math.random
  return string.format("%08x-%04x-4%03x-%04x-%012x", r(0, 0xffffffff), r(0, 0xffff), r(0, 0xfff),
    0x8000 | r(0, 0x3fff), r(0, 0xffffffffffff))
end

-- What a failed write may be sent again for: the server was unreachable, or the answer to
-- its COMMIT never came.
local again = {
  ["storage.unavailable"] = true,
  ["storage.outcome_unknown"] = true,
  ["storage.busy"] = true,
  ["storage.conflict"] = true,
  ["storage.closed"] = true,
}

local habit
repeat
  local ok, made = pcall(habits.create, { name = "Run", start = "2020-01-01" })
  if ok then habit = made.id else say("retry", "habit", tostring(made.code or made)) end
until habit

local written = 0 -- how many stories and requests so far (their tokens' numbers)
local completed = 0 -- how many days completed so far

-- The write in flight: its kind, the function that makes it, and whether it was tried.
local pending

local function next_write(kind)
  if kind == "complete" then
    completed = completed + 1
    local day = os.date("!%Y-%m-%d", os.time { year = 2020, month = 1, day = completed, hour = 12 })
    return { kind = kind, label = day, call = function() return habits.complete(habit, { on = day }) end }
  elseif kind == "story" then
    written = written + 1
    local token, id = string.format("fo-%s-%d", tag, written), uuid()
    local visibility = written % 2 == 0 and "public" or "private"
    return {
      kind = kind, label = token .. "\t" .. id,
      call = function()
        return bookstories.create {
          id = id, book = { title = "데미안", author = "헤르만 헤세" },
          quotes = { "새는 알에서 나오려고 투쟁한다. 🐣" }, content = token, visibility = visibility,
        }
      end,
    }
  elseif kind == "request" then
    written = written + 1
    local token, id = string.format("fo-%s-%d", tag, written), uuid()
    return {
      kind = kind, label = token .. "\t" .. id,
      call = function()
        return walks.request { id = id, mate = mate, message = token, place = { lat = 37.52, lng = 126.93 } }
      end,
    }
  end
end

local function accept_one()
  local ok, waiting = pcall(walks.incoming, { status = "pending" })
  if not ok then
    if not again[waiting.code] then say("error", "incoming", tostring(waiting.code), tostring(waiting.message)) end
    return
  end
  local first = waiting[1]
  if not first then return end
  local accepted, failure = pcall(walks.accept, first.id)
  if accepted then
    say("ack", "accept", first.id)
  elseif failure.code ~= "walks.not_pending" and not again[failure.code] then
    say("error", "accept", tostring(failure.code), tostring(failure.message))
  end
end

app.on("walks%.incoming", function(e)
  if e.view ~= "inbox" then return end
  local accepted, failure = pcall(walks.accept, e.params.id)
  if accepted then say("ack", "accept", e.params.id) elseif failure.code ~= "walks.not_pending" and not again[failure.code] then
    say("error", "accept", tostring(failure.code), tostring(failure.message))
  end
end)

local cycle = { "complete", "story", "answer", "complete", "story", "answer", "request", "story" }
local turn = 0

app.every(0.3, function()
  if not pending then
    turn = turn % #cycle + 1
    if cycle[turn] == "answer" then return accept_one() end
    pending = next_write(cycle[turn])
  end
  local ok, result = pcall(pending.call)
  if ok then
    say("ack", pending.kind, pending.label)
    pending = nil
  elseif again[result.code] then
    say("retry", pending.kind, result.code)
    pending.tried = true
  elseif pending.kind == "complete" and pending.tried and result.code == "habits.already_completed" then
    -- The first try's COMMIT landed though its answer was lost: the same day, done once.
    say("ack", pending.kind, pending.label)
    pending = nil
  else
    say("error", pending.kind, tostring(result.code), tostring(result.message))
    pending = nil
  end
end)

say("ready")
say("done", app.loop())
