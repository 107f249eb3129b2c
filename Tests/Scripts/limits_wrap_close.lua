-- args: --timeout 1
-- exit: 1
-- stderr: timeout: the chunk ran longer than 1 s
-- no-stdout: escaped
-- coroutine.wrap with an error: the wrapped coroutine's looping __close is stopped.
local f = coroutine.wrap(function()
  local guard <close> = setmetatable({}, { __close = function() while true do end end })
  error("boom")
end)
f()
print("escaped")
