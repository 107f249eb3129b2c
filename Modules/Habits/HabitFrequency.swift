import Core
import Time

/// How often a habit is due (Loop Habit Tracker's numerator over denominator, plus given
/// weekdays): every day, `times` a week or a month, `times` in a run of `days` days, or on
/// some weekdays. A value is always valid; `parse` checks what a script wrote.
public enum HabitFrequency: Sendable, Equatable {
    /// Every day (StackDay's only frequency, and the default).
    case daily
    /// `times` (1 to 7) in each calendar week, Monday to Sunday.
    case perWeek(times: Int)
    /// `times` (1 to 31) in each calendar month.
    case perMonth(times: Int)
    /// `times` in each run of `days` days (1 to 366), counted from the frequency's start;
    /// `every = D` is one time in `D` days.
    case inDays(times: Int, days: Int)
    /// On the given weekdays, 1 for Monday to 7 for Sunday (ISO 8601); the others are not due.
    case weekdays(Set<Int>)

    /// The longest run of days a frequency may count over.
    public static let maximumDays = 366
    /// The weekday names a script writes, Monday first.
    public static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Loop's numerator: the times due in `denominator` days.
    public var numerator: Int {
        switch self {
        case .daily: 1
        case .perWeek(let times), .perMonth(let times), .inDays(let times, _): times
        case .weekdays(let days): days.count
        }
    }

    /// Loop's denominator: the days the times are counted over (a month counts as 30, as Loop does).
    public var denominator: Int {
        switch self {
        case .daily: 1
        case .perWeek, .weekdays: 7
        case .perMonth: 30
        case .inDays(_, let days): days
        }
    }

    /// Whether the habit is due every day (then it follows StackDay's rules exactly).
    public var isDaily: Bool { self == .daily }

    /// Whether the habit can be done on `day` at all: only the chosen weekdays for a
    /// weekday frequency, every day otherwise.
    public func isDue(on day: LocalDay) -> Bool {
        if case .weekdays(let days) = self { return days.contains(day.weekday) }
        return true
    }

    /// A short text for people: "daily", "3/week", "2/month", "2 in 3 days", "every 2 days", "mon wed fri".
    public var label: String {
        switch self {
        case .daily: "daily"
        case .perWeek(let times): "\(times)/week"
        case .perMonth(let times): "\(times)/month"
        case .inDays(1, let days): "every \(days) days"
        case .inDays(let times, let days): "\(times) in \(days) days"
        case .weekdays(let days): days.sorted().map { Self.weekdayNames[$0 - 1] }.joined(separator: " ")
        }
    }

    /// The frequency a script wrote: `{times = 3, per = "week"}`, `{times = 2, per = "month"}`,
    /// `{times = 2, days = 3}`, `{every = 2}`, `{weekdays = {"mon", "wed"}}` or `"daily"`.
    /// - Throws: `invalid_argument` (field `frequency`) naming what is wrong.
    public static func parse(_ value: Value, field: String = "frequency") throws -> HabitFrequency {
        func bad(_ message: String) -> AppError { AppError.invalidArgument(message, field: field) }
        if value.stringValue == "daily" { return .daily }
        guard let record = value.recordValue, !record.isEmpty else {
            throw bad(
                #"a frequency is "daily" or a table such as {times = 3, per = "week"}, {times = 2, days = 3}, {every = 2} or {weekdays = {"mon", "fri"}}"#
            )
        }
        let known: Set<String> = ["times", "per", "days", "every", "weekdays"]
        if let unknown = record.keys.first(where: { !known.contains($0) }) {
            throw bad("a frequency has no field '\(unknown)'")
        }
        func integer(_ key: String) throws -> Int? {
            let raw = record[key] ?? .null
            if raw.isNull { return nil }
            guard let number = raw.intValue else { throw bad("the frequency's \(key) must be a whole number") }
            return number
        }
        if let names = record["weekdays"], !names.isNull {
            guard record.count == 1 else { throw bad("weekdays cannot be combined with other frequency fields") }
            guard let items = names.arrayValue, !items.isEmpty else {
                throw bad(#"weekdays is a non-empty list such as {"mon", "wed", "fri"}"#)
            }
            var days = Set<Int>()
            for item in items {
                guard let name = item.stringValue?.lowercased(), let index = weekdayNames.firstIndex(of: name) else {
                    throw bad("weekdays are named \(weekdayNames.joined(separator: ", "))")
                }
                guard days.insert(index + 1).inserted else { throw bad("'\(name)' is listed twice") }
            }
            return .weekdays(days)
        }
        if let every = try integer("every") {
            guard record.count == 1 else { throw bad("every cannot be combined with other frequency fields") }
            guard (1...maximumDays).contains(every) else {
                throw bad("every is 1 to \(maximumDays) days, got \(every)")
            }
            return every == 1 ? .daily : .inDays(times: 1, days: every)
        }
        guard let times = try integer("times") else { throw bad("a frequency needs times (or every, or weekdays)") }
        guard times >= 1 else { throw bad("times must be at least 1, got \(times)") }
        if let days = try integer("days") {
            guard record["per"]?.isNull ?? true else { throw bad("give either per or days, not both") }
            guard (1...maximumDays).contains(days) else { throw bad("days is 1 to \(maximumDays), got \(days)") }
            guard times <= days else { throw bad("\(times) times cannot fit in \(days) days") }
            return times == days ? .daily : .inDays(times: times, days: days)
        }
        switch record["per"]?.stringValue {
        case "day":
            guard times == 1 else { throw bad("a habit is done at most once a day, got \(times) per day") }
            return .daily
        case "week":
            guard times <= 7 else { throw bad("a week has 7 days, got \(times) times per week") }
            return .perWeek(times: times)
        case "month":
            guard times <= 31 else { throw bad("a month has at most 31 days, got \(times) times per month") }
            return .perMonth(times: times)
        default:
            throw bad(#"per is "day", "week" or "month" (or give days)"#)
        }
    }
}
