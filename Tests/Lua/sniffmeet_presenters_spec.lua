-- The presenters Walks and Mates declare with their shapes (Modules/*/Resources) under plain
-- lua5.4. Run from the repository root by `make test`.
local function eq(got, want, what)
  if got ~= want then
    error((what or "value") .. ":\n got  " .. tostring(got) .. "\n want " .. tostring(want), 2)
  end
end
local log = assert(loadfile("Modules/Walks/Resources/walk_log_presenter.lua", "t"))()
local week = assert(loadfile("Modules/Walks/Resources/walk_week_presenter.lua", "t"))()

local function flat(pieces)
  local out = {}
  for i, piece in ipairs(pieces) do out[i] = type(piece) == "table" and piece[1] or piece end
  return table.concat(out)
end

-- A walk: start and end, distance, time, pace, and steps when counted.
local walk = { id = "w", started_at = "2026-11-29T07:00:00+09:00", ended_at = "2026-11-29T07:45:56+09:00",
  distance = 3164.2, duration = 2756 }
eq(flat(log(walk)), "Walk  2026-11-29 07:00 → 07:45\n      3.16 km · 46 min · 14:31 /km", "a GPX walk")
walk.steps, walk.distance, walk.duration = 1200, 850, 3900
eq(flat(log(walk)), "Walk  2026-11-29 07:00 → 07:45\n      850 m · 1 h 05 min · 76:28 /km · 1200 steps", "steps")
walk.distance = 0
eq(flat(log(walk)), "Walk  2026-11-29 07:00 → 07:45\n      0 m · 1 h 05 min · 1200 steps", "no pace without distance")
-- Another shape is not a walk.
eq(log({ id = "x", started_at = "2026-11-29T07:00:00+09:00" }), nil, "a request")
eq(log("walk"), nil, "a string")

-- A week: walks, distance, time, pace.
eq(flat(week({ week = "2026-11-23", walks = 2, distance = 3664.2, duration = 3356, pace = 915.9 })),
  "Week of 2026-11-23  2 walks · 3.66 km · 0 h 56 min · 15:16 /km", "a week")
eq(flat(week({ week = "2026-11-23", walks = 1, distance = 0, duration = 60 })),
  "Week of 2026-11-23  1 walk · 0.00 km · 0 h 01 min", "a week without distance")
eq(week({ week = "2026-11-23" }), nil, "not a week")
print("walks presenters ok")

-- The drop Mates declares (Modules/Mates/Resources): its code and QR code while it waits,
-- then who caught it and the words.
local drop = assert(loadfile("Modules/Mates/Resources/drop_presenter.lua", "t"))()
eq(flat(drop({ id = "d", state = "connecting", expires_at = "2026-11-29T08:00:30+09:00", code = "K7WQ3M",
  qr = "█▀▄\n" })), "Drop K7WQ3M  connecting, until 08:00:30\n█▀▄\n", "a waiting drop")
eq(flat(drop({ id = "d", state = "success", expires_at = "2026-11-29T08:00:30+09:00", with = "mina",
  words = "apple moss frost", profile = { nickname = "Mina", dog_name = "보리" } })),
  "Drop with mina (Mina, 보리): success: compare the words, then mates.confirm, until 08:00:30"
    .. "\n  words: apple moss frost",
  "a caught drop")
eq(drop({ id = "d", state = "sleeping", expires_at = "x" }), nil, "not a drop's state")
print("drop presenter ok")
