import CLua
import Core

extension LuaStack {
    /// Pushes `value` as a fresh Lua value: tables are new plain tables (copies).
    ///
    /// Pushes run while Swift is in control, when the allocator counts but never refuses
    /// (the trampoline raises a memory error after Swift returns), so nothing here can
    /// longjmp. Only stack space can run out, and that is checked.
    /// - Throws: `internal` when the value is nested too deeply for the Lua stack.
    func push(_ value: Value) throws {
        switch value {
        case .null: lua_pushnil(state)
        case .bool(let flag): lua_pushboolean(state, flag ? 1 : 0)
        case .int(let number): lua_pushinteger(state, lua_Integer(number))
        case .double(let number): lua_pushnumber(state, number)
        case .string(let text): push(text)
        case .bytes(let bytes):
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    _ = lua_pushlstring(state, characters.baseAddress, characters.count)
                }
            }
        case .array(let items):
            try reserve()
            lua_createtable(state, Int32(clamping: items.count), 0)
            if items.isEmpty { markEmptyArray() }
            for (offset, item) in items.enumerated() {
                try push(item)
                lua_rawseti(state, -2, lua_Integer(offset + 1))
            }
        case .table(let record):
            try reserve()
            lua_createtable(state, 0, Int32(clamping: record.count))
            for field in record {
                push(field.key)
                try push(field.value)
                lua_rawset(state, -3)
            }
        }
    }

    /// Remembers that the empty table on top was a list, so that `json` and `--json` print
    /// it as `[]` again. Kept in a weak-keyed registry table: no metatable, so scripts still
    /// get a plain table, and the mark goes when the table does.
    func markEmptyArray() {
        lua_getfield(state, clua_registryindex(), "appshell.empty_arrays")
        lua_pushvalue(state, -2)
        lua_pushboolean(state, 1)
        lua_rawset(state, -3)
        lua_settop(state, -2)
    }

    /// Whether the empty table at `index` was made from an empty list.
    func isMarkedEmptyArray(at index: Int32) -> Bool {
        let absolute = lua_absindex(state, index)
        lua_getfield(state, clua_registryindex(), "appshell.empty_arrays")
        lua_pushvalue(state, absolute)
        lua_rawget(state, -2)
        let marked = lua_toboolean(state, -1) != 0
        lua_settop(state, -3)
        return marked
    }

    private func reserve() throws {
        guard lua_checkstack(state, 4) != 0 else {
            throw AppError.internal("the value is nested too deeply to hand to Lua")
        }
    }
}
