/// The current and the longest run of met periods, of any frequency, told in the unit of
/// the frequency on the reference day: the number of its periods (days, weeks, months,
/// runs of days) holding an eligible day of the run (docs/domain.md, "Streaks and the rate").
public struct HabitStreak: Sendable, Equatable {
    /// The run that reaches the reference day (the period in progress, while not yet met,
    /// and its unit's period are left out).
    public let current: Int
    /// The longest run.
    public let longest: Int

    /// Streaks already computed; `longest` is never below `current`.
    public init(current: Int, longest: Int) {
        self.current = current
        self.longest = longest
    }
}
