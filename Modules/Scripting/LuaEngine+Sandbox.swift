import CLua
import Core

/// The read-only module tables and the folders code may be loaded from.
///
/// A module table (`habits`) is a userdata proxy: `rawset` refuses a userdata, assignment
/// raises, `pairs` walks a private copy, and the real table of routes is reachable only
/// from the registry (`appshell.names`, which names routes in tracebacks) and through the
/// proxy's `__index`. `package.loaded` holds the proxies, so `require "habits"` works and
/// cannot hand out the real table.
extension LuaEngine {
    /// Registry key of the table module name -> real table of routes.
    static let namesKey = "appshell.names"
    /// Registry key of the list of folders `loadfile`, `dofile` and `require` may load from.
    static let rootsKey = "appshell.roots"
    /// Registry key of the table proxy -> real table (for completion, which reads raw).
    static let proxiesKey = "appshell.proxies"

    /// Replaces the real table at `real` (the top of `thread`'s stack) with its read-only
    /// proxy named `name`, made with the prelude's `readonly` metatable maker. With `fill`,
    /// the table is filled by `fillModule(fill)` when the proxy is first read.
    /// - Parameter loaded: whether `package.loaded[name]` gets the proxy (module tables).
    func replaceWithProxy(named name: String, on thread: OpaquePointer, fill: Int? = nil, loaded: Bool = true) throws {
        let stack = LuaStack(thread)
        let real = lua_gettop(thread)
        guard lua_checkstack(thread, 8) != 0 else { throw AppError.internal("the Lua stack is full") }
        lua_getfield(thread, clua_registryindex(), Self.namesKey)
        if stack.type(at: -1) != LUA_TTABLE {
            stack.pop()
            lua_createtable(thread, 0, 16)
            lua_pushvalue(thread, -1)
            lua_setfield(thread, clua_registryindex(), Self.namesKey)
        }
        if loaded {
            stack.push(name)
            lua_pushvalue(thread, real)
            lua_rawset(thread, -3)
        }
        stack.pop()

        lua_rawgeti(thread, clua_registryindex(), lua_Integer(preludeReference))
        stack.push("readonly")
        lua_rawget(thread, -2)
        lua_rotate(thread, -2, -1)
        stack.pop()
        stack.push(name)
        lua_pushvalue(thread, real)
        if let fill { pushBound(.fillModule(fill), on: thread) }
        guard lua_pcallk(thread, fill == nil ? 2 : 3, 1, 0, 0, nil) == LUA_OK else {
            let detail = stack.string(at: -1) ?? "?"
            throw AppError.internal("cannot make \(name) read-only: \(detail)")
        }
        _ = lua_newuserdatauv(thread, 0, 0)
        lua_rotate(thread, -2, 1)
        lua_setmetatable(thread, -2)
        if loaded {
            lua_getfield(thread, clua_registryindex(), LUA_LOADED_TABLE)
            stack.push(name)
            lua_pushvalue(thread, -3)
            lua_rawset(thread, -3)
            stack.pop()
        }
        if lua_getfield(thread, clua_registryindex(), Self.proxiesKey) != LUA_TTABLE {
            stack.pop()
            lua_createtable(thread, 0, 16)
            lua_pushvalue(thread, -1)
            lua_setfield(thread, clua_registryindex(), Self.proxiesKey)
        }
        lua_pushvalue(thread, -2)
        lua_pushvalue(thread, real)
        lua_rawset(thread, -3)
        stack.pop()
        lua_rotate(thread, real, 1)  // proxy below real
        lua_settop(thread, real)  // drop real, keep proxy
    }

    /// In the sandbox, makes `package` read-only (its `path` is fixed), as the global and
    /// as `package.loaded.package`, keeping `package.loaded` and `package.preload` the
    /// tables `require` uses.
    func freezePackage() throws {
        guard !options.allowIO else { return }
        lua_getglobal(state, "package")
        try replaceWithProxy(named: "package", on: state)
        lua_setglobal(state, "package")
    }

    /// Replaces a read-only proxy at `index` with its real table (completion reads raw);
    /// leaves any other value.
    func unwrapProxy(at index: Int32) {
        guard lua_type(state, index) == LUA_TUSERDATA else { return }
        let absolute = lua_absindex(state, index)
        lua_getfield(state, clua_registryindex(), Self.proxiesKey)
        lua_pushvalue(state, absolute)
        if lua_rawget(state, -2) == LUA_TTABLE { lua_copy(state, -1, absolute) }
        LuaStack(state).pop(2)
    }

    /// Stores the folders code may be loaded from by name: `first` (the running script's
    /// folder) then the configuration folder, as real paths.
    func setCodeFolders(first: String) {
        let folders = [first] + (options.configurationFolder.map { [$0] } ?? [])
        lua_createtable(state, Int32(folders.count), 0)
        for (offset, folder) in folders.enumerated() {
            LuaStack(state).push(Self.realPath(folder))
            lua_rawseti(state, -2, lua_Integer(offset + 1))
        }
        lua_setfield(state, clua_registryindex(), Self.rootsKey)
    }
}
