import CLua

/// Lua source compiled and dumped the way the build's `CompileLua` plugin does it, for the
/// tests that check the embedded bytecode of the shell's chunks and the presenters. A
/// target of the tests only: app-shell never links it.
public enum LuaChunkDump {
    /// `source` compiled by this process's Lua under `chunkName`, dumped with its debug
    /// information (what the build embeds); nil when it does not compile.
    public static func compiled(_ source: [UInt8], chunkName: String) -> [UInt8]? {
        guard let state = luaL_newstate() else { return nil }
        defer { lua_close(state) }
        let status = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                clua_load_text(state, $0.baseAddress, $0.count, chunkName)
            }
        }
        guard status == LUA_OK else { return nil }
        var bytes: [UInt8] = []
        let dumped = withUnsafeMutablePointer(to: &bytes) { pointer in
            lua_dump(
                state,
                { _, data, size, target in
                    guard let data, let target else { return 1 }
                    target.assumingMemoryBound(to: [UInt8].self).pointee.append(
                        contentsOf: UnsafeRawBufferPointer(start: data, count: size))
                    return 0
                }, pointer, 0)
        }
        return dumped == 0 ? bytes : nil
    }
}
