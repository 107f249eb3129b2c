import CLua
import Core

extension LuaEngine {
    /// How `help`'s index names a shell function (`shell:app.on`). The functions are
    /// filed as set-up makes them, so `help(show)` finds them by value as routes are found,
    /// whatever a script later puts in their place.
    static let shellHelpPrefix = "shell:"

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
