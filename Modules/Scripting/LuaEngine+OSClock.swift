import CLua
import Core

#if canImport(Glibc)
    import Glibc
#endif

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
            let years = year + Self.floorDivide(month - 1, 12)
            let days = Self.daysFromCivil(year: years, month: Self.floorModulo(month - 1, 12) + 1) + day - 1
            let wall = days * 86_400 + hour * 3_600 + minute * 60 + second
            let seconds = Self.instant(ofWall: wall, in: zone)
            guard let fields = Self.fields(of: seconds, offset: zone.offset(atSecondsSince1970: seconds), zone: zone)
            else {
                return raise("time result cannot be represented in this installation", on: stack)
            }
            setFields(fields, inTableAt: 1, stack)
            lua_pushinteger(thread, lua_Integer(seconds))
            return 1
        } catch let failure as ClockFailure {
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
        let offset = utc ? 0 : zone.offset(atSecondsSince1970: seconds)
        guard let fields = Self.fields(of: seconds, offset: offset, zone: utc ? nil : zone) else {
            return raise("date result cannot be represented in this installation", on: stack)
        }
        if Array(rest) == Array("*t".utf8) {
            lua_createtable(thread, 0, 9)
            setFields(fields, inTableAt: -1, stack)
            return 1
        }
        switch Self.strftime(rest, fields) {
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

    /// An error message of `os.time` or `os.date`, raised as a plain string.
    struct ClockFailure: Error {
        let message: String
    }

    /// Broken-down local time, as C's `struct tm` holds it.
    struct LocalFields {
        var year, month, day, hour, minute, second, yearDay, weekDay: Int
        var isDaylightSaving: Bool
        var offset: Int
        var abbreviation: String
    }

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
            if type != LUA_TNIL { throw ClockFailure(message: "field '\(key)' is not an integer") }
            guard let value else { throw ClockFailure(message: "field '\(key)' missing in date table") }
            return value
        }
        let fits = number >= 0 ? number - delta <= Int(Int32.max) : Int(Int32.min) + delta <= number
        guard fits else { throw ClockFailure(message: "field '\(key)' is out-of-bound") }
        return number
    }

    private func setFields(_ fields: LocalFields, inTableAt index: Int32, _ stack: LuaStack) {
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

    /// The instant whose local time in `zone` is `wall` (seconds of a local calendar since
    /// 1970). In a repeated hour the earlier instant; in a skipped one, the wall time read
    /// with the offset before the change (as glibc's mktime does).
    static func instant(ofWall wall: Int, in zone: TimeZoneRules) -> Int {
        let before = zone.offset(atSecondsSince1970: wall - 86_400)
        let after = zone.offset(atSecondsSince1970: wall + 86_400)
        let candidates = before == after ? [before] : [max(before, after), min(before, after)]
        for offset in candidates where zone.offset(atSecondsSince1970: wall - offset) == offset {
            return wall - offset
        }
        return wall - before
    }

    /// `seconds` as local fields at `offset`; `zone` nil means UTC. Nil when the year does
    /// not fit a C int (as `localtime` fails).
    static func fields(of seconds: Int, offset: Int, zone: TimeZoneRules?) -> LocalFields? {
        let (local, overflow) = seconds.addingReportingOverflow(offset)
        guard !overflow else { return nil }
        let dayNumber = floorDivide(local, 86_400)
        let secondOfDay = local - dayNumber * 86_400
        let day = LocalDay(dayNumber: dayNumber)
        let (year, month, monthDay) = day.components
        guard year - 1900 <= Int(Int32.max), year - 1900 >= Int(Int32.min) else { return nil }
        let yearDay = dayNumber - daysFromCivil(year: year, month: 1) + 1
        return LocalFields(
            year: year, month: month, day: monthDay, hour: secondOfDay / 3_600, minute: secondOfDay % 3_600 / 60,
            second: secondOfDay % 60, yearDay: yearDay, weekDay: day.weekday % 7 + 1,
            isDaylightSaving: zone.map { isDaylightSaving(seconds, offset: offset, zone: $0) } ?? false,
            offset: offset, abbreviation: zone.map { abbreviation(offset: offset, zone: $0) } ?? "GMT")
    }

    /// Whether `offset` is summer time: larger than the zone's offset a quarter, a half or
    /// three quarters of a year before or after. The rules keep no DST flag per instant,
    /// and every summer time in use lasts less than nine months. (A zone that moved its
    /// standard offset forward for good reads as summer time for up to nine months after.)
    static func isDaylightSaving(_ seconds: Int, offset: Int, zone: TimeZoneRules) -> Bool {
        let quarter = 91 * 86_400
        return [-3, -2, -1, 1, 2, 3].contains { zone.offset(atSecondsSince1970: seconds + $0 * quarter) < offset }
    }

    /// `%Z`: `UTC` for UTC, else the offset as the TZ database writes numeric names (`+09`,
    /// `-0330`); the rules keep no abbreviations.
    static func abbreviation(offset: Int, zone: TimeZoneRules) -> String {
        if offset == 0, zone.identifier == "UTC" { return "UTC" }
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let hours = String(minutes / 60)
        let text = (hours.count < 2 ? "0" : "") + hours
        guard minutes % 60 != 0 else { return sign + text }
        let rest = String(minutes % 60)
        return sign + text + (rest.count < 2 ? "0" : "") + rest
    }

    /// Formats `format` (without its `!`) as lua5.4's `os.date` does: each conversion
    /// checked against C99's list, then run through the C library's `strftime`.
    static func strftime(_ format: ArraySlice<UInt8>, _ fields: LocalFields) -> Result<[UInt8], ClockFailure> {
        var time = tm()
        time.tm_year = Int32(fields.year - 1900)
        time.tm_mon = Int32(fields.month - 1)
        time.tm_mday = Int32(fields.day)
        time.tm_hour = Int32(fields.hour)
        time.tm_min = Int32(fields.minute)
        time.tm_sec = Int32(fields.second)
        time.tm_yday = Int32(fields.yearDay - 1)
        time.tm_wday = Int32(fields.weekDay - 1)
        time.tm_isdst = fields.isDaylightSaving ? 1 : 0
        time.tm_gmtoff = fields.offset
        return fields.abbreviation.withCString { zoneName in
            time.tm_zone = zoneName
            var output: [UInt8] = []
            var index = format.startIndex
            var buffer = [CChar](repeating: 0, count: 250)
            while index < format.endIndex {
                guard format[index] == UInt8(ascii: "%") else {
                    output.append(format[index])
                    index += 1
                    continue
                }
                let start = index + 1
                guard let length = conversionLength(format[start...]) else {
                    let rest = String(decoding: format[start...], as: UTF8.self)
                    return .failure(ClockFailure(message: "invalid conversion specifier '%\(rest)'"))
                }
                let specifier = [CChar(bitPattern: UInt8(ascii: "%"))] + format[start..<start + length].map {
                    CChar(bitPattern: $0)
                } + [0]
                let count = Glibc.strftime(&buffer, buffer.count, specifier, &time)
                output += buffer[0..<count].map { UInt8(bitPattern: $0) }
                index = start + length
            }
            return .success(output)
        }
    }

    /// C99's conversions as lua5.4 lists them (`LUA_STRFTIMEOPTIONS`): the length of the
    /// one at the start of `rest`, or nil.
    static func conversionLength(_ rest: ArraySlice<UInt8>) -> Int? {
        let single = Set("aAbBcCdDeFgGhHIjmMnprRStTuUVwWxXyYzZ%".utf8)
        let double = ["Ec", "EC", "Ex", "EX", "Ey", "EY", "Od", "Oe", "OH", "OI", "Om", "OM", "OS", "Ou", "OU", "OV",
            "Ow", "OW", "Oy"].map { Array($0.utf8) }
        guard let first = rest.first else { return nil }
        if single.contains(first) { return 1 }
        if rest.count >= 2, double.contains(Array(rest.prefix(2))) { return 2 }
        return nil
    }

    /// Days from 1970-01-01 to the first of `month` in `year` (Howard Hinnant's
    /// days_from_civil), for any year.
    static func daysFromCivil(year: Int, month: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    static func floorModulo(_ value: Int, _ divisor: Int) -> Int { value - floorDivide(value, divisor) * divisor }
}
