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
}
