-- args: --timeout 1
-- exit: 1
-- stderr: timeout: the chunk ran longer than 1 s
-- no-stdout: escaped
-- A top-level __close that loops, pending when the deadline stops the chunk, does not
-- keep it running: a stopped chunk runs no more Lua code.
local guard <close> = setmetatable({}, { __close = function() while true do end end })
while true do end
print("escaped")
