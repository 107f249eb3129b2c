-- luacheck (make test): the Lua compiled into app-shell (the prelude, show, the plugins'
-- presenters) and the specs that run it under plain lua5.4.
std = "lua54"
max_line_length = 120
-- The prelude sets `_` (the REPL's last result) with rawset; its spec reads it and stands
-- in for io.stderr.
files["Tests/Lua"] = { read_globals = { "_" }, globals = { "io" } }
-- Lua 5.4.4's own test suite, vendored unchanged (Tests/Scripts/checks/luasuite.sh runs it).
exclude_files = { "Tests/Lua/lua-5.4.4-tests" }
