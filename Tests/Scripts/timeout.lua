-- args: --timeout 1
-- exit: 1
-- stderr: timeout: the chunk ran longer than 1 s
-- no-stdout: escaped
-- A runaway loop is stopped even when every attempt is wrapped in pcall.
for _ = 1, 10 do
  pcall(function() while true do end end)
end
print("escaped")
