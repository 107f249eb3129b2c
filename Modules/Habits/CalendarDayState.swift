/// How a day of the monthly calendar is drawn.
public enum CalendarDayState: String, Sendable, Equatable {
    /// Done.
    case completed
    /// A past tracked day without a completion.
    case missed
    /// Today, tracked, not done yet.
    case pending
    /// In the future, or outside every tracking period.
    case empty
    /// A skipped day (neither eligible nor missed).
    case skipped
    /// A paused day (neither eligible nor missed).
    case paused
    /// A day off without a completion in a period that met (or may still meet) a
    /// frequency such as "3 times a week".
    case rest
    /// A measurable habit's day with an amount short of its target.
    case partial
    /// A day of a habit with a limit (`at_most`) whose total is over it.
    case overLimit = "over_limit"
    /// A tracked day the habit's frequency does not name (a weekday habit's other days), as
    /// `habits.year` calls it.
    case notDue = "not_due"
}
