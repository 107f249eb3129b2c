-- args: --max-memory 16
-- stdout: finalizer: not enough memory
-- stdout: peak ok
-- A finalizer that runs while a route call is pushing its result is held to the cap: it
-- gets "not enough memory" instead of growing the heap without bound.
local during, outcome = false, nil
local function bomb()
  local hold = {}
  for i = 1, 400 do hold[i] = string.rep("x", 1 << 20) .. i end  -- 400 MB if nothing stops it
  return "no error"
end
-- Each finalizer that runs too early leaves a new one behind, so one is always pending.
local finalizer = {}
finalizer.__gc = function()
  if not during then
    setmetatable({}, finalizer)
  elseif outcome == nil then
    local ok, err = pcall(bomb)
    outcome = ok and err or tostring(err)
  end
end
for _ = 1, 20 do setmetatable({}, finalizer) end
local big = {}
for i = 1, 2000 do big[i] = "item " .. i end
during = true
for _ = 1, 400 do
  json(big)
  if outcome then break end
end
during = false
print("finalizer: " .. tostring(outcome))
-- The process itself stayed small (its peak resident size, from the kernel).
local status = io.open("/proc/self/status"):read("a")
local peak_kb = tonumber(status:match("VmHWM:%s*(%d+)"))
print(peak_kb < 200 * 1024 and "peak ok" or ("peak too high: " .. peak_kb .. " kB"))
