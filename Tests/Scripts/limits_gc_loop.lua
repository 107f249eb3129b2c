-- args: --timeout 1
-- exit: 1
-- stderr: app-shell: the script did not stop within 2 s after its 1 s timeout; exiting
-- stdout: before
-- no-stdout: escaped
-- A __gc finalizer runs with hooks off (Lua's rule), so a looping one cannot be stopped
-- by the deadline: the backstop ends the process 2 s after it.
print("before")
setmetatable({}, { __gc = function() while true do end end })
collectgarbage()
print("escaped")
