import CLua
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// Setting the VM up: the prelude, `show`, and every route bound as a function of a
/// read-only module table (filled when a script first reads the module).
extension LuaEngine {
    /// Opens the sandboxed libraries, runs the prelude and `show`, and makes the module
    /// tables of the routes and builtins; then freezes `package`. Runs once, from `init`.
    func setUp() throws {
        guard clua_open_sandboxed(state, options.allowIO ? 1 : 0, options.modulePath) == LUA_OK else {
            throw AppError.internal("cannot open the Lua libraries: \(LuaStack(state).string(at: -1) ?? "?")")
        }
        let stack = LuaStack(state)
        let registry = clua_registryindex()
        setCodeFolders(first: options.sandboxRoot)

        lua_createtable(state, 0, Int32(clamping: router.routes.count))
        helpIndex = luaL_ref(state, registry)
        // Empty lists handed to Lua, weakly keyed (see LuaStack.markEmptyArray).
        lua_createtable(state, 0, 0)
        lua_createtable(state, 0, 1)
        stack.setField("__mode", "k", in: -1)
        lua_setmetatable(state, -2)
        lua_setfield(state, registry, "appshell.empty_arrays")

        // The prelude, given json, show and write, returns its table of functions.
        guard loadShellChunk(LuaPrelude.source, bytecode: LuaPrelude.bytecode) == LUA_OK else {
            throw setUpFailure("the prelude does not compile")
        }
        pushBound(.json)
        lua_pushvalue(state, -1)
        recordHelp(for: -1, name: Self.shellHelpPrefix + "json")
        lua_setglobal(state, "json")
        try pushShow()
        pushBound(.write)
        guard lua_pcallk(state, 3, 1, 0, 0, nil) == LUA_OK else { throw setUpFailure("the prelude failed") }
        let prelude = lua_gettop(state)
        lua_pushvalue(state, prelude)
        preludeReference = luaL_ref(state, registry)
        // The runner of app.on hooks, which the trampoline calls after a route made events.
        stack.push("run_hooks")
        lua_rawget(state, prelude)
        control.pointer.pointee.hook_runner = luaL_ref(state, registry)

        errorMetatable = reference(field: "error_metatable", of: prelude)
        driver = reference(field: "driver", of: prelude)
        stack.push("show")
        lua_rawget(state, prelude)
        recordHelp(for: -1, name: Self.shellHelpPrefix + "show")
        lua_setglobal(state, "show")
        pushBound(.help)
        recordHelp(for: -1, name: Self.shellHelpPrefix + "help")
        lua_setglobal(state, "help")

        installTimerMetatable()
        try bindRoutes()
        installClockFunctions()
        installEnvironmentFunction()
        try freezePackage()
        lua_settop(state, prelude - 1)
    }

    /// A registry reference to field `field` of the table at `table`.
    func reference(field: String, of table: Int32) -> Int32 {
        LuaStack(state).push(field)
        lua_rawget(state, table)
        return luaL_ref(state, clua_registryindex())
    }

    /// `what` failed while setting up, with the Lua message on top of the stack.
    func setUpFailure(_ what: String) -> AppError {
        let detail = LuaStack(state).string(at: -1) ?? "?"
        return AppError.internal("\(what): \(detail)")
    }

    /// Makes a global per module (`habits`) holding its routes, nested namespaces and the
    /// builtins of `options.builtins` that name it.
    func bindRoutes() throws {
        var root = RouteNamespace()
        for (index, route) in router.routes.enumerated() {
            let path = route.path
            guard path.count >= 2 else { continue }
            root.insert(route: index, at: path[...])
        }
        for builtin in options.builtins {
            let path = builtin.name.split(separator: ".").map(String.init)
            guard path.count >= 2 else { continue }
            root.insert(builtin, at: path[...])
        }
        for (module, namespace) in root.children.sorted(by: { $0.key < $1.key }) {
            try pushNamespace(namespace, named: module, on: state)
            lua_setglobal(state, module)
        }
    }

    /// Pushes the read-only proxy of `namespace` on `thread`, recording it for `help`,
    /// completion and `require`. Inner namespaces are made at once (`require
    /// "bookstories.themes"` finds them), but functions wait until something reads the
    /// proxy (`fillModule`): a start-up pays only for the modules its script uses.
    func pushNamespace(_ namespace: RouteNamespace, named name: String, on thread: OpaquePointer) throws {
        namespaces.insert(name)
        guard lua_checkstack(thread, 8) != 0 else { throw AppError.internal("the Lua stack is full") }
        lua_createtable(thread, 0, Int32(clamping: namespace.functions.count + namespace.children.count))
        let real = lua_gettop(thread)
        for (child, inner) in namespace.children.sorted(by: { $0.key < $1.key }) {
            try pushNamespace(inner, named: "\(name).\(child)", on: thread)
            LuaStack(thread).push(child)
            lua_rotate(thread, -2, 1)
            lua_rawset(thread, real)
        }
        var fill: Int?
        if !namespace.functions.isEmpty || !namespace.builtins.isEmpty {
            unfilledModules.append((name, namespace))
            fill = unfilledModules.count - 1
        }
        try replaceWithProxy(named: name, on: thread, fill: fill)
        recordHelp(for: -1, name: "module:" + name, on: thread)
    }

    /// `fill(real)` of module `index`'s proxy: puts its routes and builtins in the table at
    /// 1. Marked filled only at the end, so a fill that fails is tried again by the next
    /// read.
    func fillModule(_ index: Int, _ stack: LuaStack) throws -> Int32 {
        let thread = stack.state
        guard unfilledModules.indices.contains(index), let (name, namespace) = unfilledModules[index] else { return 0 }
        guard stack.type(at: 1) == LUA_TTABLE, lua_checkstack(thread, 8) != 0 else {
            throw AppError.internal("cannot fill module \(name)")
        }
        let real: Int32 = 1
        for (function, index) in namespace.functions {
            let route = router.routes[index]
            let positional = route.positionalParameters
            pushBound(.route(route, positional: positional, takesOptions: !route.options.isEmpty), on: thread)
            recordHelp(for: -1, name: route.name, on: thread)
            stack.push(function)
            lua_rotate(thread, -2, 1)
            lua_rawset(thread, real)
        }
        // Builtins (app.on, trace.span) are Lua functions the prelude makes over bound
        // functions of the engine, so that what they call runs as Lua code.
        for (function, builtin) in namespace.builtins {
            stack.push(function)
            lua_rawgeti(thread, clua_registryindex(), lua_Integer(preludeReference))
            stack.push(builtin.factory)
            lua_rawget(thread, -2)
            lua_rotate(thread, -2, -1)
            stack.pop()
            for argument in builtin.arguments { pushBound(argument, on: thread) }
            guard lua_pcallk(thread, Int32(builtin.arguments.count), 1, 0, 0, nil) == LUA_OK else {
                throw AppError.internal("cannot make \(builtin.name): \(stack.string(at: -1) ?? "?")")
            }
            recordHelp(for: -1, name: Self.shellHelpPrefix + builtin.name, on: thread)
            lua_rawset(thread, real)
        }
        unfilledModules[index] = nil
        return 0
    }

    /// Files the value at `index` under `name` in help's index, so `help(value)` finds it.
    func recordHelp(for index: Int32, name: String, on thread: OpaquePointer? = nil) {
        let thread = thread ?? state
        let absolute = lua_absindex(thread, index)
        lua_rawgeti(thread, clua_registryindex(), lua_Integer(helpIndex))
        lua_pushvalue(thread, absolute)
        LuaStack(thread).push(name)
        lua_rawset(thread, -3)
        LuaStack(thread).pop()
    }

    /// Pushes a Lua function that runs `function` through the trampoline and `dispatch`.
    func pushBound(_ function: BoundFunction, on thread: OpaquePointer? = nil) {
        functions.append(function)
        clua_push_bound(
            thread ?? state,
            { state in
                guard let state, let host = clua_host(state) else { return 0 }
                return Unmanaged<LuaEngine>.fromOpaque(host).takeUnretainedValue().dispatch(state)
            }, lua_Integer(functions.count - 1))
    }

    /// `path` with symbolic links resolved, or `path` itself when it cannot be resolved.
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
