import CLua

extension LuaEngine {
    /// How `help`'s index names a shell function (`shell:app.on`).
    static let shellHelpPrefix = "shell:"

    /// Lets `help(show)`, `help(app.on)` ... find the shell's own functions by value, as
    /// routes are found. Runs once at set-up, before any user code, in a protected call:
    /// the functions are read from the fresh globals and module tables, whatever their shape.
    func recordShellFunctionHelp() {
        let names = ShellFunction.all.map { #""\#($0.name)""# }.joined(separator: ", ")
        let source = """
            local index, prefix = ...
            for _, name in ipairs({\(names)}) do
              pcall(function()
                local value = _G
                for part in name:gmatch("[^.]+") do value = value[part] end
                if value ~= nil then index[value] = prefix .. name end
              end)
            end
            """
        let stack = LuaStack(state)
        let base = lua_gettop(state)
        defer { lua_settop(state, base) }
        guard clua_load_text(state, source, source.utf8.count, "=(help index)") == LUA_OK else { return }
        lua_rawgeti(state, clua_registryindex(), lua_Integer(helpIndex))
        stack.push(Self.shellHelpPrefix)
        _ = lua_pcallk(state, 2, 0, 0, 0, nil)
    }
}
