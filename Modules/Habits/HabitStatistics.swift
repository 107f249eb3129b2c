/// What StackDay shows about one habit on a reference day.
public struct HabitStatistics: Sendable, Equatable {
    /// Completions on eligible days.
    public let totalCompletedDays: Int
    /// The tracked days up to the reference day.
    public let eligibleTrackingDays: Int
    /// total / eligible, 0 when nothing is eligible.
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
