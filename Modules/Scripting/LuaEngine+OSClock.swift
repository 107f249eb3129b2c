import CLua
import Core
import Time

/// `os.time` and `os.date` on the app's clock and zone (`--now`, `--tz`), so that a script
/// sees one clock: `habits.complete(h, {on = os.date("%Y-%m-%d")})` names the app's today.
///
/// They follow lua5.4's `loslib.c` (argument checks, messages, the normalisation of
/// `os.time{...}`, the conversion specifiers C99 allows), with the app's `TimeZoneRules`
/// in place of the C library's zone. Errors are plain strings, as lua5.4 raises them.
/// `os.clock` stays the CPU time of the process.
extension LuaEngine {
    /// Replaces `os.time` and `os.date` with the app's.
    func installClockFunctions() {
        lua_getglobal(state, "os")
        guard lua_type(state, -1) == LUA_TTABLE else {
            LuaStack(state).pop()
            return
        }
        LuaStack(state).push("time")
        pushBound(.osTime)
        lua_rawset(state, -3)
        LuaStack(state).push("date")
        pushBound(.osDate)
        lua_rawset(state, -3)
        LuaStack(state).pop()
    }

    /// `os.time([table])`.
    func osTime(_ stack: LuaStack) -> Int32 {
        let thread = stack.state
        let zone = session.clock.timeZone
        switch stack.type(at: 1) {
        case LUA_TNONE, LUA_TNIL:
            lua_pushinteger(thread, lua_Integer(session.clock.now().secondsSince1970))
            return 1
        case LUA_TTABLE:
            break
        default:
            return raise("bad argument #1 to 'time' (table expected, got \(stack.typeName(at: 1)))", on: stack)
        }
        lua_settop(thread, 1)
        do {
            let year = try field("year", default: nil, delta: 1900, stack)
            let month = try field("month", default: nil, delta: 1, stack)
            let day = try field("day", default: nil, delta: 0, stack)
            let hour = try field("hour", default: 12, delta: 0, stack)
            let minute = try field("min", default: 0, delta: 0, stack)
            let second = try field("sec", default: 0, delta: 0, stack)
            // As mktime: months past 12 carry into years, days, hours, minutes and seconds
            // out of range carry into the next larger unit.
            let years = year + Instant.floorDivide(month - 1, 12)
            let days =
                OSDateFormat.daysFromCivil(year: years, month: Instant.floorModulo(month - 1, 12) + 1) + day - 1
            let wall = days * 86_400 + hour * 3_600 + minute * 60 + second
            let seconds = OSDateFormat.instant(ofWall: wall, in: zone)
            guard let fields = OSDateFormat.fields(of: seconds, in: zone) else {
                return raise("time result cannot be represented in this installation", on: stack)
            }
            setFields(fields, inTableAt: 1, stack)
            lua_pushinteger(thread, lua_Integer(seconds))
            return 1
        } catch let failure as OSDateFormat.Failure {
            return raise(failure.message, on: stack)
        } catch {
            return raise("\(error)", on: stack)
        }
    }

    /// `os.date([format [, time]])`.
    func osDate(_ stack: LuaStack) -> Int32 {
        let thread = stack.state
        var format: [UInt8] = Array("%c".utf8)
        switch stack.type(at: 1) {
        case LUA_TNONE, LUA_TNIL: break
        case LUA_TSTRING, LUA_TNUMBER:
            format = stack.bytes(at: 1).map(Array.init) ?? []
        default:
            return raise("bad argument #1 to 'date' (string expected, got \(stack.typeName(at: 1)))", on: stack)
        }
        var seconds = session.clock.now().secondsSince1970
        if stack.type(at: 2) != LUA_TNONE, stack.type(at: 2) != LUA_TNIL {
            var isInteger: Int32 = 0
            let value = lua_tointegerx(thread, 2, &isInteger)
            guard isInteger != 0 else {
                let why =
                    stack.type(at: 2) == LUA_TNUMBER
                    ? "number has no integer representation" : "number expected, got \(stack.typeName(at: 2))"
                return raise("bad argument #2 to 'date' (\(why))", on: stack)
            }
            seconds = Int(value)
        }
        var rest = format[...]
        let utc = rest.first == UInt8(ascii: "!")
        if utc { rest = rest.dropFirst() }
        let zone = session.clock.timeZone
        guard let fields = OSDateFormat.fields(of: seconds, in: utc ? nil : zone) else {
            return raise("date result cannot be represented in this installation", on: stack)
        }
        if Array(rest) == Array("*t".utf8) {
            lua_createtable(thread, 0, 9)
            setFields(fields, inTableAt: -1, stack)
            return 1
        }
        switch OSDateFormat.strftime(rest, fields) {
        case .success(let bytes):
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    _ = lua_pushlstring(thread, characters.baseAddress, characters.count)
                }
            }
            return 1
        case .failure(let failure):
            return raise("bad argument #1 to 'date' (\(failure.message))", on: stack)
        }
    }

    // MARK: Helpers

    private func raise(_ message: String, on stack: LuaStack) -> Int32 {
        stack.push(message)
        return clua_raise()
    }

    /// lua5.4's `getfield`: an integer field of the table at 1 that must fit a C int once
    /// `delta` is taken off; `default` nil means required.
    private func field(_ key: String, default value: Int?, delta: Int, _ stack: LuaStack) throws -> Int {
        let thread = stack.state
        stack.push(key)
        let type = lua_rawget(thread, 1)
        defer { stack.pop() }
        var isInteger: Int32 = 0
        let number = Int(lua_tointegerx(thread, -1, &isInteger))
        guard isInteger != 0 else {
            if type != LUA_TNIL { throw OSDateFormat.Failure(message: "field '\(key)' is not an integer") }
            guard let value else { throw OSDateFormat.Failure(message: "field '\(key)' missing in date table") }
            return value
        }
        let fits = number >= 0 ? number - delta <= Int(Int32.max) : Int(Int32.min) + delta <= number
        guard fits else { throw OSDateFormat.Failure(message: "field '\(key)' is out-of-bound") }
        return number
    }

    private func setFields(_ fields: OSDateFormat.Fields, inTableAt index: Int32, _ stack: LuaStack) {
        let thread = stack.state
        let table = lua_absindex(thread, index)
        let numbers: [(String, Int)] = [
            ("year", fields.year), ("month", fields.month), ("day", fields.day), ("hour", fields.hour),
            ("min", fields.minute), ("sec", fields.second), ("yday", fields.yearDay), ("wday", fields.weekDay),
        ]
        for (key, number) in numbers {
            stack.push(key)
            lua_pushinteger(thread, lua_Integer(number))
            lua_rawset(thread, table)
        }
        stack.push("isdst")
        lua_pushboolean(thread, fields.isDaylightSaving ? 1 : 0)
        lua_rawset(thread, table)
    }
}
