-- args: --timeout 1
-- exit: 1
-- stderr: timeout: the chunk ran longer than 1 s
-- no-stdout: escaped
-- Long work in Swift (converting a huge table for json) is stopped at the deadline.
local t = {}
for i = 1, 3e6 do t[i] = { i, "x" .. i } end
for _ = 1, 100 do json(t) end
print("escaped")
