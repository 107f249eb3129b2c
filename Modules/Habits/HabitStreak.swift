/// The current and the longest run of met periods: days for a daily habit, weeks or months
/// for a habit due so many times a week or month (docs/domain.md, "Streaks and the rate").
public struct HabitStreak: Sendable, Equatable {
    /// Met periods counted back from the reference day (the period in progress, while not
    /// yet met, is skipped).
    public let current: Int
    /// The longest run of met periods.
    public let longest: Int

    /// Streaks already computed; `longest` is never below `current`.
    public init(current: Int, longest: Int) {
        self.current = current
        self.longest = longest
    }
}
