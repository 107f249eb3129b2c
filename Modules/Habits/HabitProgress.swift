/// A habit's statistics under its frequency, skips and pauses, with Loop's score.
public struct HabitProgress: Sendable, Equatable {
    /// Completed and eligible days, the rate over due days, and the streaks in `streakUnit`s.
    public let statistics: HabitStatistics
    /// What a streak counts: "day" for daily and weekday habits, "week", "month", or "period"
    /// (a run of days of `{times, days}` and `{every}`).
    public let streakUnit: String
    /// Loop Habit Tracker's score on the reference day, 0 to 1.
    public let score: Double
    /// The frequency on the reference day.
    public let frequency: HabitFrequency

    /// Figures already computed (`HabitProgressCalculator`, `HabitScoreCalculator`).
    public init(statistics: HabitStatistics, streakUnit: String, score: Double, frequency: HabitFrequency) {
        self.statistics = statistics
        self.streakUnit = streakUnit
        self.score = score
        self.frequency = frequency
    }
}
