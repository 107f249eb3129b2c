-- stdout: wrapped: false
-- stdout: C stack overflow
-- The same chain through coroutine.wrap: an error in each wrapped coroutine runs its
-- __close, which calls the previous wrapper; the nesting is counted too.
local previous
for _ = 1, 20000 do
  local before = previous
  previous = coroutine.wrap(function()
    local guard <close> = setmetatable({}, {
      __close = function() if before then before() end end,
    })
    error("unwind")
  end)
end
local ok, err = pcall(previous)
print("wrapped: " .. tostring(ok))
print(tostring(err))
