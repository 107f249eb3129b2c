import Core
import Time

/// Instants, days and clocks written as text in tests: a text that is not one throws.
public enum TestTime {
    /// The instant `text` (ISO-8601 with an offset).
    public static func instant(_ text: String) throws -> Instant {
        guard let instant = Instant(iso8601: text) else {
            throw AppError.invalidArgument("'\(text)' is not an ISO-8601 instant with an offset")
        }
        return instant
    }

    /// The day `text` (`YYYY-MM-DD`).
    public static func day(_ text: String) throws -> LocalDay {
        guard let day = LocalDay(parsing: text) else { throw AppError.invalidArgument("'\(text)' is not a day") }
        return day
    }

    /// A clock standing at `now` in `zone`.
    public static func clock(_ now: String, zone: String = TestApp.seoul) throws -> FixedClock {
        FixedClock(try instant(now), timeZone: try TimeZoneRules.named(zone))
    }
}
