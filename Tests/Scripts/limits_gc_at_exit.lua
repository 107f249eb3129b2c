-- args: --timeout 1
-- exit: 1
-- stderr: app-shell: the script did not stop within 2 s after its 1 s timeout; exiting
-- stdout: done
-- A finalizer that runs only when the state closes at exit still has the deadline.
keep = setmetatable({}, { __gc = function() while true do end end })
print("done")
