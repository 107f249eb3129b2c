import CLua
import Core

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

    /// `help(x)`: writes the page for `x` (nothing: the overview; a module, a function or
    /// a name) to the engine's output.
    func help(_ stack: LuaStack) throws {
        let thread = stack.state
        var text: String?
        switch stack.type(at: 1) {
        case LUA_TNONE, LUA_TNIL:
            text = HelpText.overview(router)
        case LUA_TSTRING:
            let name = stack.string(at: 1) ?? ""
            text =
                router.route(named: name).map(HelpText.route) ?? HelpText.module(name, router)
                ?? ShellFunction.named(name).map(HelpText.shellFunction)
        default:
            lua_rawgeti(thread, clua_registryindex(), lua_Integer(helpIndex))
            lua_pushvalue(thread, 1)
            lua_rawget(thread, -2)
            if let name = stack.string(at: -1) {
                if name.hasPrefix("module:") {
                    text = HelpText.module(String(name.dropFirst(7)), router)
                } else if name.hasPrefix(Self.shellHelpPrefix) {
                    text = ShellFunction.named(String(name.dropFirst(Self.shellHelpPrefix.count)))
                        .map(HelpText.shellFunction)
                } else {
                    text = router.route(named: name).map(HelpText.route)
                }
            }
            stack.pop(2)
        }
        guard let text else {
            throw AppError.invalidArgument(
                "no help for that \(stack.typeName(at: 1)); try help() for the list of modules")
        }
        output.write(text + "\n")
    }
}
