import CLua
import Core

extension LuaStack {
    /// The deepest nesting of tables converted to a `Value`.
    static let maximumDepth = 64

    /// Converts the Lua value at `index` to a `Value`.
    ///
    /// Integers stay integers; a table whose keys are exactly 1...n becomes an array, one
    /// whose keys are all strings a table (keys sorted, since Lua keeps no order); an empty
    /// table is an empty table. A cycle, mixed keys, a function, a userdata, a thread or a
    /// string that is not UTF-8 is `invalid_argument` naming `path`.
    /// An empty `path` names the options table of a call.
    /// The Swift values built count against the memory cap (`ConversionLimit.memory`), and
    /// a stop of the chunk ends the conversion (`ConversionLimit.stopped`).
    func value(at index: Int32, path: String) throws -> Value {
        var visiting = Set<UnsafeRawPointer>()
        var budget = ConversionBudget(state: state)
        return try value(at: lua_absindex(state, index), path: path, depth: 0, visiting: &visiting, budget: &budget)
    }

    private func value(
        at index: Int32, path: String, depth: Int, visiting: inout Set<UnsafeRawPointer>,
        budget: inout ConversionBudget
    ) throws -> Value {
        try budget.spend(ConversionBudget.valueCost)
        switch lua_type(state, index) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(state, index) != 0)
        case LUA_TNUMBER:
            if clua_isinteger(state, index) != 0 { return .int(Int(lua_tointegerx(state, index, nil))) }
            return .double(lua_tonumberx(state, index, nil))
        case LUA_TSTRING:
            guard let text = string(at: index) else {
                throw AppError.invalidArgument("\(shown(path)): the string is not valid UTF-8", field: fieldName(path))
            }
            try budget.spend(text.utf8.count)
            return .string(text)
        case LUA_TTABLE:
            return try table(at: index, path: path, depth: depth, visiting: &visiting, budget: &budget)
        default:
            throw AppError.invalidArgument(
                "\(shown(path)): \(typeName(at: index)) where data is expected", field: fieldName(path))
        }
    }

    private func table(
        at index: Int32, path: String, depth: Int, visiting: inout Set<UnsafeRawPointer>,
        budget: inout ConversionBudget
    ) throws -> Value {
        guard depth < Self.maximumDepth, lua_checkstack(state, 4) != 0 else {
            throw AppError.invalidArgument("\(shown(path)): tables nested too deeply", field: fieldName(path))
        }
        guard let identity = lua_topointer(state, index) else { return .null }
        guard visiting.insert(identity).inserted else {
            throw AppError.invalidArgument(
                "\(shown(path)): the table contains itself (a cycle)", field: fieldName(path))
        }
        defer { visiting.remove(identity) }

        var items: [Int: Value] = [:]
        var fields: [(String, Value)] = []
        lua_pushnil(state)
        while lua_next(state, index) != 0 {
            // key at -2, value at -1; the key is never converted in place.
            do { try budget.spend(ConversionBudget.entryCost) } catch {
                pop(2)
                throw error
            }
            switch lua_type(state, -2) {
            case LUA_TNUMBER where clua_isinteger(state, -2) != 0:
                let key = Int(lua_tointegerx(state, -2, nil))
                items[key] = try value(
                    at: lua_gettop(state), path: "\(path)[\(key)]", depth: depth + 1, visiting: &visiting,
                    budget: &budget)
            case LUA_TSTRING:
                guard let key = string(at: -2) else {
                    pop(2)
                    throw AppError.invalidArgument("\(shown(path)): a key is not valid UTF-8", field: fieldName(path))
                }
                let child = path.isEmpty ? key : "\(path).\(key)"
                try budget.spend(key.utf8.count)
                fields.append(
                    (
                        key,
                        try value(
                            at: lua_gettop(state), path: child, depth: depth + 1, visiting: &visiting, budget: &budget)
                    ))
            default:
                let kind = typeName(at: -2)
                pop(2)
                throw AppError.invalidArgument(
                    "\(shown(path)): a table key is a \(kind); keys must be names or 1...n", field: fieldName(path))
            }
            pop(1)
        }
        if !items.isEmpty && !fields.isEmpty {
            throw AppError.invalidArgument(
                "\(shown(path)): the table mixes list items and named fields", field: fieldName(path))
        }
        if !items.isEmpty {
            var array: [Value] = []
            array.reserveCapacity(items.count)
            for position in 1...items.count {
                guard let item = items[position] else {
                    throw AppError.invalidArgument(
                        "\(shown(path)): the list has a gap at [\(position)] (keys must be 1...n)",
                        field: fieldName(path))
                }
                array.append(item)
            }
            return .array(array)
        }
        if fields.isEmpty, isMarkedEmptyArray(at: index) { return .array([]) }
        fields.sort { $0.0 < $1.0 }
        return .table(Record(fields))
    }

    private func shown(_ path: String) -> String { path.isEmpty ? "the options" : path }

    /// The argument or option a path starts at (`quotes[2].text` -> `quotes`); nil for a
    /// path that is no field (the options table itself, `json`'s argument, a result).
    private func fieldName(_ path: String) -> String? {
        let head = String(path.prefix { $0 != "." && $0 != "[" })
        return head.isEmpty || head == "json" || head.hasPrefix("result #") ? nil : head
    }
}
