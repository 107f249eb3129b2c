-- args: --timeout 1
-- exit: 1
-- stderr: app-shell: the script did not stop within 2 s after its 1 s timeout; exiting
-- no-stdout: escaped
-- Pattern backtracking inside one string.find call never returns to Lua, so no hook can
-- stop it: the backstop ends the process 2 s after the deadline.
string.find(string.rep("a", 1e5), ".-.-.-.-b")
print("escaped")
