import Core
import Time

/// A habit's statistics as they stood on a day (today when none is given).
public struct LoadHabitStatistics: Sendable {
    let dependencies: HabitDependencies
    let calculator = HabitStatisticsCalculator()

    /// Reads the habit and its completions from `dependencies`; "today" is its clock's.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The statistics, computed from the stored completions.
    ///
    /// A day after today is refused rather than clamped: days that have not happened would
    /// count as missed, and `complete` refuses them the same way.
    /// - Throws: `habits.not_found`, `habits.ambiguous`, `habits.future_day` (field `as_of`).
    public func callAsFunction(_ habitReference: String, asOf day: LocalDay?, ownerID: String) throws -> HabitStatistics
    {
        let today = dependencies.clock.today()
        let referenceDay = day ?? today
        if referenceDay > today { throw HabitError.futureDay(referenceDay, today: today, field: "as_of") }
        let habit = try dependencies.habit(habitReference, ownedBy: ownerID)
        return calculator.statistics(
            of: habit, sortedCompletedDays: try dependencies.completions.completedDays(habitID: habit.id),
            reference: referenceDay)
    }
}
