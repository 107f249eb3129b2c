-- args: --timeout 1
-- exit: 1
-- stderr: boom
-- no-stdout: escaped
-- A runaway __close handler, run while the failed chunk is cleaned up, is stopped too.
local guard <close> = setmetatable({}, { __close = function() while true do end end })
error("boom")
print("escaped")
