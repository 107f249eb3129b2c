/// The current and the longest run of completed tracking days.
public struct HabitStreak: Sendable, Equatable {
    /// Completed days counted back from the reference day (today, while in progress, is skipped).
    public let current: Int
    /// The longest run of completed days among the eligible days.
    public let longest: Int

    /// Streaks already computed; `longest` is never below `current`.
    public init(current: Int, longest: Int) {
        self.current = current
        self.longest = longest
    }
}
