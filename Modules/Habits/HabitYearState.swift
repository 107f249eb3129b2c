/// How a day of `habits.year` is drawn.
public enum HabitYearState: String, Sendable, Equatable {
    /// Done.
    case completed
    /// A measurable habit's day with an amount short of its target.
    case partial
    /// A day of a habit with a limit (`at_most`) whose total is over it.
    case overLimit = "over_limit"
    /// A past due day whose period ended without meeting the frequency.
    case missed
    /// A past day without a completion in a period that met (or may still meet) the
    /// frequency: a rest day of a "3 times a week" habit.
    case rest
    /// Skipped.
    case skipped
    /// Paused.
    case paused
    /// Today, not done yet.
    case pending
    /// A day a weekday habit is not due.
    case notDue = "not_due"
    /// In the future, before the start, or outside every tracking period.
    case empty
}
