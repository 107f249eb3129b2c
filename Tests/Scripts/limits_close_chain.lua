-- stdout: closed: false
-- stdout: C stack overflow
-- A chain of 20,000 coroutines whose __close closes the previous one (Lua 5.4.4 resets
-- the C-call count in lua_resetthread) ends with "C stack overflow", not a segfault.
local previous
for _ = 1, 20000 do
  local before = previous
  local co = coroutine.create(function()
    local guard <close> = setmetatable({}, {
      __close = function()
        if before then
          local ok, err = coroutine.close(before)
          if not ok then error(err, 0) end
        end
      end,
    })
    coroutine.yield()
  end)
  coroutine.resume(co)
  previous = co
end
local ok, err = coroutine.close(previous)
print("closed: " .. tostring(ok))
print(tostring(err))
