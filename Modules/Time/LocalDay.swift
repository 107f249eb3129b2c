/// A calendar day with no time and no zone: what StackDay records a completion on.
///
/// An instant is not a day. A `LocalDay` is stored as the number of days since
/// 1970-01-01 (proleptic Gregorian), so day arithmetic is integer arithmetic on day
/// numbers, never on seconds: a daylight-saving change cannot shift it.
public struct LocalDay: Sendable, Hashable, Comparable, Strideable, CustomStringConvertible {
    /// Days since 1970-01-01; negative before it.
    public let dayNumber: Int

    /// The smallest year accepted by `init(year:month:day:)` and parsing.
    public static let minimumYear = 1
    /// The largest year accepted by `init(year:month:day:)` and parsing.
    public static let maximumYear = 9999

    /// The day with this day number.
    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// The day with this year, month and day, or nil when there is no such day
    /// (2026-02-30, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (Self.minimumYear...Self.maximumYear).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        dayNumber = Self.dayNumber(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`; nil for anything else or a day that does not exist.
    public init?(parsing text: String) {
        var copy = text
        guard let day = copy.withUTF8({ LocalDay(utf8: $0) }) else { return nil }
        self = day
    }

    /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes, without allocating (storage reads
    /// days this way, hundreds of thousands at a time).
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        var numbers = (0, 0, 0)
        for (index, byte) in bytes.enumerated() where index != 4 && index != 7 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch index {
            case 0..<4: numbers.0 = numbers.0 * 10 + digit
            case 5..<7: numbers.1 = numbers.1 * 10 + digit
            default: numbers.2 = numbers.2 * 10 + digit
            }
        }
        self.init(year: numbers.0, month: numbers.1, day: numbers.2)
    }

    /// Parses `YYYY-MM-DD` or throws `TimeError` naming `field` and the text.
    public static func parse(_ text: String, field: String? = nil) throws -> LocalDay {
        guard let day = LocalDay(parsing: text) else {
            throw TimeError(
                "\(field.map { "\($0): " } ?? "")'\(text)' is not a valid day (expected YYYY-MM-DD)",
                field: field)
        }
        return day
    }

    /// The year, month and day of this day.
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The year.
    public var year: Int { components.year }
    /// The month, 1 to 12.
    public var month: Int { components.month }
    /// The day of the month, 1 to 31.
    public var day: Int { components.day }

    /// The day of the week, 1 for Monday to 7 for Sunday (ISO 8601).
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        let offset = (dayNumber + 3) % 7
        return (offset < 0 ? offset + 7 : offset) + 1
    }

    /// The first day of this day's month.
    public var firstOfMonth: LocalDay { LocalDay(dayNumber: dayNumber - day + 1) }

    /// The number of days in this day's month.
    public var daysInMonth: Int { Self.daysIn(month: month, year: year) }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDay { LocalDay(dayNumber: dayNumber + days) }

    /// The day before.
    public var previous: LocalDay { adding(days: -1) }

    /// The day after.
    public var next: LocalDay { adding(days: 1) }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        guard (0...9999).contains(year) else {
            return Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
        }
        // Written as ten ASCII bytes: joining padded pieces cost 2,600 instructions a day,
        // and a completion formats three.
        return String(unsafeUninitializedCapacity: 10) { bytes in
            Self.writeDigits(year, width: 4, into: bytes, at: 0)
            bytes[4] = UInt8(ascii: "-")
            Self.writeDigits(month, width: 2, into: bytes, at: 5)
            bytes[7] = UInt8(ascii: "-")
            Self.writeDigits(day, width: 2, into: bytes, at: 8)
            return 10
        }
    }

    /// The number of days from this day to `other` (positive when `other` is later).
    public func distance(to other: LocalDay) -> Int { other.dayNumber - dayNumber }

    /// The day `n` days later.
    public func advanced(by n: Int) -> LocalDay { adding(days: n) }

    /// Orders days in time.
    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// Whether `year` is a Gregorian leap year.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a valid date (Howard Hinnant's days_from_civil).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func padded(_ number: Int, _ width: Int) -> String {
        guard number >= 0, width <= 9, number < powersOfTen[width] else {
            // A negative number keeps its sign first, its digits padded after it.
            let digits = String(number.magnitude)
            let sign = number < 0 ? "-" : ""
            let width = width - sign.utf8.count
            return sign + String(repeating: "0", count: max(0, width - digits.utf8.count)) + digits
        }
        return String(unsafeUninitializedCapacity: width) { bytes in
            writeDigits(number, width: width, into: bytes, at: 0)
            return width
        }
    }

    /// 10 to the power of the index, up to 10^9.
    private static let powersOfTen = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
        1_000_000_000,
    ]

    /// Writes the last `width` decimal digits of `number` (not negative) into `bytes` from
    /// `start`, zero-padded.
    static func writeDigits(_ number: Int, width: Int, into bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var value = number
        for index in stride(from: start + width - 1, through: start, by: -1) {
            bytes[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        }
    }
}
