import Core
import Time

/// A habit's reminder: each local day at `time`, on a day the habit is due and not yet done,
/// a running `app.loop()` fires the event `habits.reminder`.
public struct Reminder: Sendable, Equatable {
    /// The habit it reminds of.
    public let habitID: String
    /// The local time of day (in the clock's zone), to the minute.
    public let time: DailyTime
    /// When it was set.
    public let createdAt: Instant

    /// The most reminders of one habit.
    public static let maximumPerHabit = 10
    /// The most reminders of one user, over all their habits.
    public static let maximumPerUser = 200

    /// A reminder of habit `habitID` at `time`, set at `createdAt`.
    public init(habitID: String, time: DailyTime, createdAt: Instant) {
        self.habitID = habitID
        self.time = time
        self.createdAt = createdAt
    }

    /// The time `text` names: `HH:MM` from 00:00 to 23:59 (`H:MM` is taken too, and written
    /// back as `HH:MM`).
    /// - Throws: `invalid_argument` (field `field`) for anything else.
    public static func time(_ text: String, field: String = "time") throws -> DailyTime {
        guard let time = DailyTime(parsing: text) else {
            throw AppError.invalidArgument(
                "'\(text)' is not a time of day HH:MM from 00:00 to 23:59, such as \"21:00\"", field: field)
        }
        return time
    }
}
