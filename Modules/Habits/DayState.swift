/// Where a tracked day stands for a habit.
public enum DayState: String, Sendable, Equatable {
    /// Done.
    case completed
    /// Today, not done yet.
    case pending
    /// A past day that ended without a completion.
    case missed
    /// After today.
    case future
}
