import CLua
import Core

/// A route call's arguments from the Lua stack: positional values, then a table of options.
extension LuaEngine {
    /// Reads the arguments of `route` from `stack` and calls it through the router.
    func callRoute(
        _ route: Route, positional: [Parameter], takesOptions: Bool, stack: LuaStack
    ) throws -> Value {
        let count = Int(stack.top)
        let accepted = positional.count + (takesOptions ? 1 : 0)
        if count > accepted {
            // Extra nils, and an empty options table (`events.flush{}`), are no arguments.
            for extra in (accepted + 1)...count where !isNothing(at: Int32(extra), in: stack) {
                throw AppError.invalidArgument(
                    "too many arguments to '\(route.name)' (it takes \(accepted)): \(route.signature)")
            }
        }
        var values: [String: Value] = [:]
        for (offset, parameter) in positional.enumerated() where offset < count {
            try checkKeyCount(at: Int32(offset + 1), in: stack, field: parameter.name)
            values[parameter.name] = try stack.value(at: Int32(offset + 1), path: parameter.name)
        }
        let optionsIndex = Int32(positional.count + 1)
        if takesOptions, count >= optionsIndex {
            switch stack.type(at: optionsIndex) {
            case LUA_TNIL: break
            case LUA_TTABLE:
                try checkKeyCount(at: optionsIndex, in: stack, field: nil)
                guard case .table(let options) = try stack.value(at: optionsIndex, path: "") else {
                    if case .array(let items) = try stack.value(at: optionsIndex, path: ""), items.isEmpty { break }
                    throw AppError.invalidArgument(
                        "bad argument #\(optionsIndex) to '\(route.name)' (a table of named options expected, got a list)"
                    )
                }
                for (name, value) in options { values[name] = value }
            default:
                throw AppError.invalidArgument(
                    "bad argument #\(optionsIndex) to '\(route.name)' (table of options expected, got \(stack.typeName(at: optionsIndex)))"
                )
            }
        }
        return try router.call(route, Arguments(values), session: session)
    }

    /// Refuses a table argument with more than `Route.maximumTableKeys` keys before it is
    /// converted, counting no further than one past the limit.
    func checkKeyCount(at index: Int32, in stack: LuaStack, field: String?) throws {
        guard stack.type(at: index) == LUA_TTABLE, lua_checkstack(stack.state, 2) != 0 else { return }
        var keys = 0
        lua_pushnil(stack.state)
        while lua_next(stack.state, index) != 0 {
            stack.pop(1)
            keys += 1
            if keys > Route.maximumTableKeys {
                stack.pop(1)
                throw AppError.invalidArgument(
                    "\(field ?? "the options table") holds at most \(Route.maximumTableKeys) keys", field: field)
            }
        }
    }

    func isNothing(at index: Int32, in stack: LuaStack) -> Bool {
        switch stack.type(at: index) {
        case LUA_TNIL: return true
        case LUA_TTABLE:
            lua_pushnil(stack.state)
            guard lua_next(stack.state, index) != 0 else { return true }
            stack.pop(2)
            return false
        default: return false
        }
    }
}
