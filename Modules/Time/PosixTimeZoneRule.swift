/// A POSIX `TZ` rule: `KST-9`, `EST5EDT,M3.2.0,M11.1.0`, `<+0330>-3:30`.
///
/// TZif files end with one of these for the times after their last transition, and the
/// `TZ` variable may hold one directly. POSIX offsets count west of UTC (`EST5` is
/// UTC-5); this type stores offsets east of UTC like everything else in AppShell.
public struct PosixTimeZoneRule: Sendable, Equatable {
    /// The day a daylight-saving change happens on, in one of POSIX's three forms.
    enum DayRule: Sendable, Equatable {
        /// `Jn`: day 1 to 365, February 29 never counted.
        case julianNoLeap(Int)
        /// `n`: day 0 to 365, February 29 counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)

        func day(in year: Int) -> LocalDay? {
            switch self {
            case .julianNoLeap(let n):
                let leapShift = LocalDay.isLeapYear(year) && n >= 60 ? 1 : 0
                return LocalDay(year: year, month: 1, day: 1)?.adding(days: n - 1 + leapShift)
            case .zeroBased(let n):
                return LocalDay(year: year, month: 1, day: 1)?.adding(days: n)
            case .monthWeekDay(let month, let week, let weekday):
                guard let first = LocalDay(year: year, month: month, day: 1) else { return nil }
                let firstWeekday = first.weekday % 7  // 0 = Sunday
                var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                while day > first.daysInMonth { day -= 7 }
                return first.adding(days: day - 1)
            }
        }
    }

    /// A daylight-saving change: a day and a local time in seconds (may exceed a day).
    struct Change: Sendable, Equatable {
        let day: DayRule
        let time: Int
    }

    /// Seconds east of UTC in standard time.
    public let standardOffset: Int
    /// Seconds east of UTC in daylight-saving time, when the zone has it.
    public let daylightOffset: Int?
    /// The abbreviation of standard time (`EST`; `+0330` for `<+0330>`).
    public let standardName: String
    /// The abbreviation of daylight-saving time (`EDT`), when the zone has it.
    public let daylightName: String?
    let start: Change?
    let end: Change?

    /// Parses a POSIX TZ string; nil when it is not one.
    public init?(parsing text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard let standardName = scanner.name(), let standardWest = scanner.offset() else { return nil }
        standardOffset = -standardWest
        self.standardName = standardName
        guard !scanner.isAtEnd else {
            daylightOffset = nil
            daylightName = nil
            start = nil
            end = nil
            return
        }
        guard let daylightName = scanner.name() else { return nil }
        self.daylightName = daylightName
        if scanner.peek != UInt8(ascii: ","), !scanner.isAtEnd {
            guard let daylightWest = scanner.offset() else { return nil }
            daylightOffset = -daylightWest
        } else {
            daylightOffset = standardOffset + 3600
        }
        if scanner.isAtEnd {
            // US rules are the POSIX default when none are given.
            start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
            return
        }
        guard scanner.take(UInt8(ascii: ",")), let start = scanner.change(), scanner.take(UInt8(ascii: ",")),
            let end = scanner.change(), scanner.isAtEnd
        else { return nil }
        self.start = start
        self.end = end
    }

    /// Seconds east of UTC at the instant `seconds` after the epoch.
    public func offset(atSecondsSince1970 seconds: Int) -> Int {
        isDaylightSaving(atSecondsSince1970: seconds) ? daylightOffset ?? standardOffset : standardOffset
    }

    /// The offset, summer time and abbreviation at the instant `seconds` after the epoch.
    public func localTimeType(atSecondsSince1970 seconds: Int) -> TimeZoneRules.LocalTimeType {
        if isDaylightSaving(atSecondsSince1970: seconds), let daylightOffset {
            return TimeZoneRules.LocalTimeType(
                offset: daylightOffset, isDaylightSaving: true, abbreviation: daylightName ?? standardName)
        }
        return TimeZoneRules.LocalTimeType(offset: standardOffset, isDaylightSaving: false, abbreviation: standardName)
    }

    /// The seconds of 400 Gregorian years: 146,097 days, exactly 20,871 weeks, after which
    /// the calendar (leap years and weekdays) and so every rule repeats.
    static let cycleSeconds = 146_097 * 86_400

    /// Whether daylight-saving time is in force at the instant `given` seconds after the
    /// epoch.
    ///
    /// Any `Int` is taken: the instant is first moved by whole 400-year cycles into the
    /// cycle that starts in 1970, where the rule gives the same answer, so no arithmetic
    /// on a far instant can overflow.
    public func isDaylightSaving(atSecondsSince1970 given: Int) -> Bool {
        guard let daylightOffset, let start, let end else { return false }
        let seconds = Instant.floorModulo(given, Self.cycleSeconds)
        let year = LocalDay(dayNumber: Instant.floorDivide(seconds + standardOffset, 86_400)).year
        guard let startDay = start.day.day(in: year), let endDay = end.day.day(in: year) else {
            return false
        }
        // The start is given in standard local time, the end in daylight local time.
        let startUTC = startDay.dayNumber * 86_400 + start.time - standardOffset
        let endUTC = endDay.dayNumber * 86_400 + end.time - daylightOffset
        return startUTC < endUTC
            ? (seconds >= startUTC && seconds < endUTC)
            : !(seconds >= endUTC && seconds < startUTC)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index >= bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[index] }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<...>` (returned without the
        /// brackets); nil when there is none.
        mutating func name() -> String? {
            if take(UInt8(ascii: "<")) {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")), close - index >= 3
                else { return nil }
                defer { index = close + 1 }
                return String(decoding: bytes[index..<close], as: UTF8.self)
            }
            let start = index
            while let byte = peek, (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) { index += 1 }
            guard index - start >= 3 else { return nil }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func number() -> Int? {
            let start = index
            var value = 0
            while let byte = peek, byte >= 48, byte <= 57 {
                value = value * 10 + Int(byte - 48)
                index += 1
            }
            return index > start ? value : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds.
        mutating func time() -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let hours = number(), hours <= 167 else { return nil }
            var seconds = hours * 3600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let secs = number(), secs < 60 else { return nil }
                    seconds += secs
                }
            }
            return sign * seconds
        }

        mutating func offset() -> Int? {
            guard let value = time(), abs(value) <= 25 * 3600 else { return nil }
            return value
        }

        mutating func change() -> Change? {
            let day: DayRule
            if take(UInt8(ascii: "M")) {
                guard let month = number(), (1...12).contains(month), take(UInt8(ascii: ".")),
                    let week = number(), (1...5).contains(week), take(UInt8(ascii: ".")),
                    let weekday = number(), (0...6).contains(weekday)
                else { return nil }
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else if take(UInt8(ascii: "J")) {
                guard let n = number(), (1...365).contains(n) else { return nil }
                day = .julianNoLeap(n)
            } else {
                guard let n = number(), (0...365).contains(n) else { return nil }
                day = .zeroBased(n)
            }
            var time = 7200
            if take(UInt8(ascii: "/")) {
                guard let value = self.time() else { return nil }
                time = value
            }
            return Change(day: day, time: time)
        }
    }
}
