import CLua
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// `os.getenv` in the sandbox: the environment without libpq's variables and with every
/// password masked (`SandboxEnvironment`).
extension LuaEngine {
    /// In the sandbox, replaces `os.getenv` with the filtered one.
    func installEnvironmentFunction() {
        guard !options.allowIO else { return }
        lua_getglobal(state, "os")
        defer { LuaStack(state).pop() }
        guard lua_type(state, -1) == LUA_TTABLE else { return }
        LuaStack(state).push("getenv")
        pushBound(.osGetenv)
        lua_rawset(state, -3)
    }

    /// `os.getenv(name)`: the variable's value as `SandboxEnvironment` shows it, or nil.
    func osGetenv(_ stack: LuaStack) -> Int32 {
        let thread = stack.state
        let type = stack.type(at: 1)
        var length = 0
        guard type == LUA_TSTRING || type == LUA_TNUMBER, let pointer = lua_tolstring(thread, 1, &length) else {
            stack.push("bad argument #1 to 'getenv' (string expected, got \(stack.typeName(at: 1)))")
            return clua_raise()
        }
        let name = Array(UnsafeRawBufferPointer(start: pointer, count: length))
        var value: [UInt8]?
        if !name.contains(0), let found = getenv(pointer) {
            value = Array(UnsafeRawBufferPointer(start: found, count: strlen(found)))
        }
        guard let visible = SandboxEnvironment.visibleValue(of: name, value: value) else {
            lua_pushnil(thread)
            return 1
        }
        visible.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                _ = lua_pushlstring(thread, characters.baseAddress, characters.count)
            }
        }
        return 1
    }
}
