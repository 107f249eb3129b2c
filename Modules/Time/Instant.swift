/// A point in time, to the millisecond, independent of any zone.
///
/// An instant becomes a `LocalDay` only through a time zone (`localDay(in:)`), and prints
/// as ISO-8601 with that zone's offset (`2026-11-29T08:00:00+09:00`).
///
/// No operation of an instant traps, whatever its milliseconds: arithmetic saturates at
/// `Int.min` and `Int.max`, and far instants print with as many digits as they need. A
/// number that comes from outside (a file, a database row, a script) becomes an instant
/// through `init?(checkedMillisecondsSince1970:)` or `checked(milliseconds:field:)`, which
/// accept only the years 1 to 9999 (UTC), as `LocalDay` does.
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public let millisecondsSince1970: Int

    /// The milliseconds of the years 1 to 9999 in UTC, from 0001-01-01T00:00:00.000Z to
    /// 9999-12-31T23:59:59.999Z: what a checked conversion accepts and what the database's
    /// instant columns may hold.
    public static let checkedMilliseconds: ClosedRange<Int> = -62_135_596_800_000...253_402_300_799_999

    /// The instant this many milliseconds after the epoch.
    public init(millisecondsSince1970: Int) { self.millisecondsSince1970 = millisecondsSince1970 }

    /// The instant this many whole seconds after the epoch (saturating at the ends of `Int`).
    public init(secondsSince1970: Int) {
        let product = secondsSince1970.multipliedReportingOverflow(by: 1000)
        millisecondsSince1970 = Self.saturating(product, secondsSince1970)
    }

    /// The instant `milliseconds` after the epoch when it lies in the years 1 to 9999
    /// (`checkedMilliseconds`); nil otherwise.
    public init?(checkedMillisecondsSince1970 milliseconds: Int) {
        guard Self.checkedMilliseconds.contains(milliseconds) else { return nil }
        millisecondsSince1970 = milliseconds
    }

    /// The instant `seconds` after the epoch when it lies in the years 1 to 9999; nil otherwise.
    public init?(checkedSecondsSince1970 seconds: Int) {
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return nil }
        self.init(checkedMillisecondsSince1970: milliseconds)
    }

    /// The instant `milliseconds` after the epoch, which came from outside (a document, a
    /// file, a script) under the name `field`.
    /// - Throws: `TimeError` naming `field` and the number when it is not in the years
    ///   1 to 9999.
    public static func checked(milliseconds: Int, field: String) throws -> Instant {
        guard let instant = Instant(checkedMillisecondsSince1970: milliseconds) else {
            throw TimeError(
                "\(field): \(milliseconds) ms since 1970 is not an instant in the years 1 to 9999", field: field)
        }
        return instant
    }

    /// Whether the instant lies in the years 1 to 9999 (`checkedMilliseconds`).
    public var isInCheckedYears: Bool { Self.checkedMilliseconds.contains(millisecondsSince1970) }

    /// Whole seconds since the epoch, rounded down.
    public var secondsSince1970: Int { Self.floorDivide(millisecondsSince1970, 1000) }

    /// The instant `milliseconds` later (saturating at the ends of `Int`).
    public func adding(milliseconds: Int) -> Instant {
        Instant(
            millisecondsSince1970: Self.saturating(
                millisecondsSince1970.addingReportingOverflow(milliseconds), milliseconds))
    }

    /// The instant `seconds` later (saturating at the ends of `Int`).
    public func adding(seconds: Int) -> Instant {
        adding(milliseconds: Self.saturating(seconds.multipliedReportingOverflow(by: 1000), seconds))
    }

    /// The calendar day this instant falls on in `zone`.
    public func localDay(in zone: TimeZoneRules) -> LocalDay {
        let seconds = secondsSince1970
        let offset = zone.offset(atSecondsSince1970: seconds)
        let local = Self.saturating(seconds.addingReportingOverflow(offset), offset)
        return LocalDay(dayNumber: Self.floorDivide(local, 86_400))
    }

    /// ISO-8601 in `zone`: `2026-11-29T08:00:00+09:00`, with the milliseconds
    /// (`08:00:00.123+09:00`) whenever the instant has any, or always when `milliseconds`
    /// is true (`.000`, as events print). UTC prints its offset as `Z`.
    ///
    /// Records and `app.now()` carry what the database holds, to the millisecond, so a
    /// script can time what it sees; a whole second (a fixed `--now`) prints as before.
    public func iso8601(in zone: TimeZoneRules, milliseconds: Bool = false) -> String {
        let seconds = secondsSince1970
        let offset = zone.offset(atSecondsSince1970: seconds)
        let local = Self.saturating(seconds.addingReportingOverflow(offset), offset)
        let day = LocalDay(dayNumber: Self.floorDivide(local, 86_400))
        let secondOfDay = Self.floorModulo(local, 86_400)
        let fraction = Self.floorModulo(millisecondsSince1970, 1000)
        let milliseconds = milliseconds || fraction != 0
        let (year, month, dayOfMonth) = day.components
        guard (0...9999).contains(year), offset % 60 == 0, abs(offset) < 100 * 3600, (0..<1000).contains(fraction)
        else {
            var text =
                day.description + "T" + LocalDay.padded(secondOfDay / 3600, 2) + ":"
                + LocalDay.padded(secondOfDay / 60 % 60, 2) + ":" + LocalDay.padded(secondOfDay % 60, 2)
            if milliseconds { text += "." + LocalDay.padded(fraction, 3) }
            return text + Self.offsetText(offset)
        }
        // Written as ASCII bytes at once (joining a dozen pieces cost several thousand
        // instructions an instant): `YYYY-MM-DDTHH:MM:SS[.mmm]` and `Z` or `+HH:MM`.
        let length = 19 + (milliseconds ? 4 : 0) + (offset == 0 ? 1 : 6)
        return String(unsafeUninitializedCapacity: length) { bytes in
            LocalDay.writeDigits(year, width: 4, into: bytes, at: 0)
            bytes[4] = UInt8(ascii: "-")
            LocalDay.writeDigits(month, width: 2, into: bytes, at: 5)
            bytes[7] = UInt8(ascii: "-")
            LocalDay.writeDigits(dayOfMonth, width: 2, into: bytes, at: 8)
            bytes[10] = UInt8(ascii: "T")
            LocalDay.writeDigits(secondOfDay / 3600, width: 2, into: bytes, at: 11)
            bytes[13] = UInt8(ascii: ":")
            LocalDay.writeDigits(secondOfDay / 60 % 60, width: 2, into: bytes, at: 14)
            bytes[16] = UInt8(ascii: ":")
            LocalDay.writeDigits(secondOfDay % 60, width: 2, into: bytes, at: 17)
            var index = 19
            if milliseconds {
                bytes[index] = UInt8(ascii: ".")
                LocalDay.writeDigits(fraction, width: 3, into: bytes, at: index + 1)
                index += 4
            }
            if offset == 0 {
                bytes[index] = UInt8(ascii: "Z")
            } else {
                let magnitude = abs(offset)
                bytes[index] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                LocalDay.writeDigits(magnitude / 3600, width: 2, into: bytes, at: index + 1)
                bytes[index + 3] = UInt8(ascii: ":")
                LocalDay.writeDigits(magnitude / 60 % 60, width: 2, into: bytes, at: index + 4)
            }
            return length
        }
    }

    /// ISO-8601 in UTC with milliseconds.
    public var description: String { iso8601(in: .utc, milliseconds: true) }

    /// Parses ISO-8601 with a date, a time and an offset:
    /// `2026-11-28T23:30:00Z`, `2026-11-29T08:30:00.250+09:00`, `...+0900`, `...+09`,
    /// `...+08:27:52`.
    /// A time without an offset is ambiguous and is refused (nil).
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, let day = LocalDay(parsing: String(decoding: bytes[0..<10], as: UTF8.self)),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " "),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let hour = LocalDay.digits(bytes[11..<13]), let minute = LocalDay.digits(bytes[14..<16]),
            let second = LocalDay.digits(bytes[17..<19]), hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var milliseconds = 0
        if bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            var scale = 100
            let start = index
            while index < bytes.count, let digit = LocalDay.digits(bytes[index..<index + 1]) {
                milliseconds += digit * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard let offset = Self.parseOffset(bytes[index...]) else { return nil }
        let local = day.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
        // A day of the years 1 to 9999 with an offset of up to 18 hours may fall a few hours
        // outside them in UTC: refused like any other instant outside them.
        self.init(checkedMillisecondsSince1970: (local - offset) * 1000 + milliseconds)
    }

    /// Orders instants in time.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// `Z`, `+09:00`, `+0900`, `+09`, or `+08:27:52` (the local-mean-time offsets with
    /// seconds that `iso8601(in:)` prints for old instants), as seconds east of UTC; nil for
    /// anything else.
    static func parseOffset(_ bytes: ArraySlice<UInt8>) -> Int? {
        let rest = Array(bytes)
        if rest == [UInt8(ascii: "Z")] || rest == [UInt8(ascii: "z")] { return 0 }
        guard let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let colon = UInt8(ascii: ":")
        let digits: [UInt8]
        switch rest.count {
        case 3: digits = Array(rest[1...2])
        case 5: digits = Array(rest[1...4])
        case 6 where rest[3] == colon: digits = Array(rest[1...2] + rest[4...5])
        case 9 where rest[3] == colon && rest[6] == colon: digits = Array(rest[1...2] + rest[4...5] + rest[7...8])
        default: return nil
        }
        guard let hours = LocalDay.digits(digits.prefix(2)[...]), hours <= 18 else { return nil }
        let minutes = digits.count >= 4 ? LocalDay.digits(digits[2..<4]) : 0
        let seconds = digits.count == 6 ? LocalDay.digits(digits[4..<6]) : 0
        guard let minutes, minutes < 60, let seconds, seconds < 60 else { return nil }
        let magnitude = hours * 3600 + minutes * 60 + seconds
        return sign == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    static func offsetText(_ offset: Int) -> String {
        if offset == 0 { return "Z" }
        let magnitude = abs(offset)
        let sign = offset < 0 ? "-" : "+"
        let text = sign + LocalDay.padded(magnitude / 3600, 2) + ":" + LocalDay.padded(magnitude / 60 % 60, 2)
        // Local mean time before 1900 had offsets in seconds; keep them so the text parses back.
        return magnitude % 60 == 0 ? text : text + ":" + LocalDay.padded(magnitude % 60, 2)
    }

    /// `value / divisor` rounded down; `divisor` is positive.
    public static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// `value` modulo a positive `divisor`, from 0 to `divisor - 1`; never overflows.
    public static func floorModulo(_ value: Int, _ divisor: Int) -> Int {
        let remainder = value % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }

    /// The result of an operation that reports overflow, or the end of `Int` it ran past
    /// (the sign of `direction`, the operand that pushed it there, tells which).
    static func saturating(_ result: (partialValue: Int, overflow: Bool), _ direction: Int) -> Int {
        guard result.overflow else { return result.partialValue }
        return direction < 0 ? Int.min : Int.max
    }
}

extension Instant {
    /// The instant a wall-clock time names in `zone` (`seconds` after the local midnight of
    /// `day`); in a gap or an overlap of a transition, the offset in force just before it.
    /// Saturates at the ends of `Int` for days far outside the years 1 to 9999.
    public init(local day: LocalDay, seconds: Int, in zone: TimeZoneRules) {
        let midnight = Self.saturating(day.dayNumber.multipliedReportingOverflow(by: 86_400), day.dayNumber)
        let local = Self.saturating(midnight.addingReportingOverflow(seconds), seconds)
        let guessOffset = zone.offset(atSecondsSince1970: local)
        let guess = Self.saturating(local.subtractingReportingOverflow(guessOffset), -guessOffset)
        let offset = zone.offset(atSecondsSince1970: guess)
        self.init(secondsSince1970: Self.saturating(local.subtractingReportingOverflow(offset), -offset))
    }
}
