-- args: --timeout 1
-- exit: 1
-- stderr: timeout
-- no-stdout: escaped
-- A loop spinning inside a coroutine is stopped too.
local co = coroutine.wrap(function()
  local n = 0
  while true do n = n + 1 end
end)
co()
print("escaped")
