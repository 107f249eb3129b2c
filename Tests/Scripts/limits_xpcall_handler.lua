-- args: --timeout 1
-- exit: 1
-- stderr: timeout: the chunk ran longer than 1 s
-- no-stdout: escaped
-- An xpcall message handler that loops is stopped at the deadline.
xpcall(function() while true do end end, function() while true do end end)
print("escaped")
