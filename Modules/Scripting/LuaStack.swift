import CLua
import Core

/// A view of one Lua thread's stack, for the conversions between Lua values and `Value`.
///
/// Every operation here is one that cannot raise a Lua error (raw access, no
/// metamethods), so it is safe to use from Swift inside the dispatcher.
struct LuaStack {
    /// The thread (`lua_State *`) whose stack this is.
    let state: OpaquePointer

    init(_ state: OpaquePointer) { self.state = state }

    /// The number of values on the stack.
    var top: Int32 { lua_gettop(state) }

    /// The Lua type of the value at `index` (`LUA_TNIL` ...).
    func type(at index: Int32) -> Int32 { lua_type(state, index) }

    /// Lua's name for the type at `index` (`number`, `table`, `no value`).
    func typeName(at index: Int32) -> String {
        String(cString: lua_typename(state, lua_type(state, index)))
    }

    /// Pops `count` values.
    func pop(_ count: Int32 = 1) { lua_settop(state, -count - 1) }

    /// The string at `index` when it is a string, with its bytes exactly (NULs kept).
    /// Returns nil for any other type; never converts a number in place.
    func bytes(at index: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard lua_type(state, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = lua_tolstring(state, index, &length) else { return nil }
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// The string at `index` when it is a valid UTF-8 string.
    func string(at index: Int32) -> String? {
        guard let buffer = bytes(at: index) else { return nil }
        return String(validating: buffer, as: UTF8.self)
    }

    /// Pushes a string with its exact bytes.
    func push(_ string: String) {
        var copy = string
        copy.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                _ = lua_pushlstring(state, characters.baseAddress, characters.count)
            }
        }
    }

    /// Sets `table[key] = string` without metamethods; the table is at `table`.
    func setField(_ key: String, _ value: String, in table: Int32) {
        let absolute = lua_absindex(state, table)
        push(key)
        push(value)
        lua_rawset(state, absolute)
    }
}
