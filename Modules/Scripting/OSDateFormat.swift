import Core
import Time

#if canImport(Glibc)
    import Glibc
#endif

/// The calendar arithmetic and formatting behind `os.time` and `os.date`: local fields of
/// an instant in a `TimeZoneRules` zone, the instant of local fields, and lua5.4's checked
/// `strftime` conversions.
enum OSDateFormat {
    /// An error message of `os.time` or `os.date`, raised as a plain string.
    struct Failure: Error {
        let message: String
    }

    /// Broken-down local time, as C's `struct tm` holds it.
    struct Fields {
        var year, month, day, hour, minute, second, yearDay, weekDay: Int
        var isDaylightSaving: Bool
        var offset: Int
        var abbreviation: String
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

    /// `seconds` as local fields in `zone` (its offset, summer time and abbreviation), or
    /// in UTC (named `GMT`, as glibc's `gmtime` does) when `zone` is nil. Nil when the year
    /// does not fit a C int (as `localtime` fails).
    static func fields(of seconds: Int, in zone: TimeZoneRules?) -> Fields? {
        let type =
            zone?.localTimeType(atSecondsSince1970: seconds)
            ?? TimeZoneRules.LocalTimeType(offset: 0, isDaylightSaving: false, abbreviation: "GMT")
        let (local, overflow) = seconds.addingReportingOverflow(type.offset)
        guard !overflow else { return nil }
        let dayNumber = Instant.floorDivide(local, 86_400)
        // Not `local - dayNumber * 86_400`: near `Int.min` the product overflows.
        let secondOfDay = Instant.floorModulo(local, 86_400)
        let day = LocalDay(dayNumber: dayNumber)
        let (year, month, monthDay) = day.components
        guard year - 1900 <= Int(Int32.max), year - 1900 >= Int(Int32.min) else { return nil }
        let yearDay = dayNumber - daysFromCivil(year: year, month: 1) + 1
        return Fields(
            year: year, month: month, day: monthDay, hour: secondOfDay / 3_600, minute: secondOfDay % 3_600 / 60,
            second: secondOfDay % 60, yearDay: yearDay, weekDay: day.weekday % 7 + 1,
            isDaylightSaving: type.isDaylightSaving, offset: type.offset, abbreviation: type.abbreviation)
    }

    /// Formats `format` (without its `!`) as lua5.4's `os.date` does: each conversion
    /// checked against C99's list, then run through the C library's `strftime`.
    static func strftime(_ format: ArraySlice<UInt8>, _ fields: Fields) -> Result<[UInt8], Failure> {
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
                    return .failure(Failure(message: "invalid conversion specifier '%\(rest)'"))
                }
                let specifier =
                    [CChar(bitPattern: UInt8(ascii: "%"))]
                    + format[start..<start + length].map {
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
        let double = [
            "Ec", "EC", "Ex", "EX", "Ey", "EY", "Od", "Oe", "OH", "OI", "Om", "OM", "OS", "Ou", "OU", "OV",
            "Ow", "OW", "Oy",
        ].map { Array($0.utf8) }
        guard let first = rest.first else { return nil }
        if single.contains(first) { return 1 }
        if rest.count >= 2, double.contains(Array(rest.prefix(2))) { return 2 }
        return nil
    }

    /// Days from 1970-01-01 to the first of `month` in `year` (Howard Hinnant's
    /// days_from_civil), for any year.
    static func daysFromCivil(year: Int, month: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = Instant.floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
