-- args: --timeout 1
-- exit: 1
-- stderr: timeout
-- no-stdout: escaped
-- coroutine.close runs __close handlers under the same deadline.
local co = coroutine.create(function()
  local guard <close> = setmetatable({}, { __close = function() while true do end end })
  coroutine.yield()
end)
coroutine.resume(co)
coroutine.close(co)
print("escaped")
