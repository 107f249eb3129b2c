/// What StackDay shows about one habit on a reference day.
public struct HabitStatistics: Sendable, Equatable {
    /// Completions on eligible days.
    public let totalCompletedDays: Int
    /// The eligible days up to the reference day (docs/domain.md, 2.7).
    public let eligibleTrackingDays: Int
    /// `timesMet` ÷ `timesDue` (for a plain daily habit, completed ÷ eligible days), 0 when
    /// nothing was due.
    public let completionRate: Double
    /// The current and longest runs of met periods, in the unit of the frequency on the
    /// reference day.
    public let streak: HabitStreak
    /// The completions that counted towards what was due (at most what each period asks).
    public let timesMet: Int
    /// The completions due up to the reference day.
    public let timesDue: Int
    /// Whether every period counted was one day long (daily and weekday stretches only; with
    /// none counted yet, whether the reference day's frequency is), so that what was due is a
    /// number of days.
    public let dueInDays: Bool

    /// Statistics already computed (`HabitStatisticsCalculator`, `HabitProgressCalculator`);
    /// without `timesMet` and `timesDue`, they are the completed and eligible days.
    public init(
        totalCompletedDays: Int, eligibleTrackingDays: Int, completionRate: Double, streak: HabitStreak,
        timesMet: Int? = nil, timesDue: Int? = nil, dueInDays: Bool = true
    ) {
        self.totalCompletedDays = totalCompletedDays
        self.eligibleTrackingDays = eligibleTrackingDays
        self.completionRate = completionRate
        self.streak = streak
        self.timesMet = timesMet ?? totalCompletedDays
        self.timesDue = timesDue ?? eligibleTrackingDays
        self.dueInDays = dueInDays
    }
}
