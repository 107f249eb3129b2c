/// What StackDay shows about one habit on a reference day.
public struct HabitStatistics: Sendable, Equatable {
    /// Completions on eligible days.
    public let totalCompletedDays: Int
    /// The eligible days up to the reference day (docs/domain.md, 2.7).
    public let eligibleTrackingDays: Int
    /// Met ÷ times due (for a plain daily habit, completed ÷ eligible days), 0 when nothing
    /// was due.
    public let completionRate: Double
    /// The current and longest runs of completed eligible days.
    public let streak: HabitStreak

    /// Statistics already computed (`HabitStatisticsCalculator`, `HabitProgressCalculator`).
    public init(totalCompletedDays: Int, eligibleTrackingDays: Int, completionRate: Double, streak: HabitStreak) {
        self.totalCompletedDays = totalCompletedDays
        self.eligibleTrackingDays = eligibleTrackingDays
        self.completionRate = completionRate
        self.streak = streak
    }
}
