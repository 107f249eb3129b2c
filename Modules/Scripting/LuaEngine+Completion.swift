import CLua
import Core

extension LuaEngine {
    /// The Lua words that complete `word` (`habi` -> `habits`, `habits.unar` ->
    /// `habits.unarchive(`, `habits.co` -> `habits.complete(` and `habits.completions(`,
    /// `h.na` -> `h.name`), without running any Lua code or route.
    ///
    /// Tables are read raw; module tables are read-only userdata proxies, so their
    /// functions come from the router's route names. Functions get a `(`.
    public func completions(for word: String) -> [String] {
        let parts = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let prefix = parts.last ?? ""
        let path = Array(parts.dropLast())
        let stack = LuaStack(state)
        let base = lua_gettop(state)
        defer { lua_settop(state, base) }
        guard lua_checkstack(state, 6) != 0 else { return [] }

        // Walk the path from the globals, raw, switching to route names inside modules.
        var module: String?
        lua_rawgeti(state, clua_registryindex(), lua_Integer(clua_ridx_globals()))
        for name in path {
            if let current = module {
                guard namespaces.contains("\(current).\(name)") else { return [] }
                module = "\(current).\(name)"
                continue
            }
            guard stack.type(at: -1) == LUA_TTABLE else { return [] }
            stack.push(name)
            lua_rawget(state, -2)
            lua_rotate(state, -2, 1)
            stack.pop()
            module = moduleName(ofValueAt: -1)
            if module == nil { unwrapProxy(at: -1) }
        }

        var candidates: [String] = []
        let head = path.isEmpty ? "" : path.joined(separator: ".") + "."
        if let module {
            for route in router.routes where route.name.hasPrefix(module + ".") {
                let rest = route.name.dropFirst(module.count + 1)
                let next = String(rest.prefix { $0 != "." })
                guard next.hasPrefix(prefix) else { continue }
                candidates.append(head + next + (rest.contains(".") ? "" : "("))
            }
            // Functions written in Lua (app.on, trace.span) are the engine's builtins.
            for builtin in options.builtins where builtin.name.hasPrefix(module + ".") {
                let rest = builtin.name.dropFirst(module.count + 1)
                guard !rest.contains("."), rest.hasPrefix(prefix) else { continue }
                candidates.append(head + rest + "(")
            }
        } else if stack.type(at: -1) == LUA_TTABLE {
            lua_pushnil(state)
            while lua_next(state, -2) != 0 {
                if stack.type(at: -2) == LUA_TSTRING, let key = stack.string(at: -2), key.hasPrefix(prefix),
                    key.first.map({ $0.isLetter || $0 == "_" }) == true
                {
                    candidates.append(head + key + (stack.type(at: -1) == LUA_TFUNCTION ? "(" : ""))
                }
                stack.pop()
            }
        }
        if path.isEmpty {
            candidates += Self.keywords.filter { $0.hasPrefix(prefix) }
        }
        return Array(Set(candidates)).sorted()
    }

    static let keywords = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local", "nil",
        "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// The module a value is the proxy of (`habits`), from the help index.
    private func moduleName(ofValueAt index: Int32) -> String? {
        guard lua_type(state, index) == LUA_TUSERDATA else { return nil }
        let absolute = lua_absindex(state, index)
        lua_rawgeti(state, clua_registryindex(), lua_Integer(helpIndex))
        lua_pushvalue(state, absolute)
        lua_rawget(state, -2)
        let name = LuaStack(state).string(at: -1)
        lua_settop(state, -3)
        guard let name, name.hasPrefix("module:") else { return nil }
        return String(name.dropFirst(7))
    }
}
