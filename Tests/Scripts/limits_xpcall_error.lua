-- args: --timeout 1
-- exit: 1
-- stderr: timeout: the chunk ran longer than 1 s
-- no-stdout: escaped
-- A message handler that loops on an ordinary error is stopped too.
xpcall(error, function() while true do end end, "boom")
print("escaped")
