import Core

/// A habit's statistics as they stood on a day (today when none is given).
public struct LoadHabitStatistics: Sendable {
    let dependencies: HabitDependencies
    let calculator = HabitStatisticsCalculator()

    /// Reads the habit and its completions from `dependencies`; "today" is its clock's.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The statistics, computed from the stored completions.
    /// - Throws: `habits.not_found`, `habits.ambiguous`.
    public func callAsFunction(_ habitReference: String, asOf day: LocalDay?, ownerID: String) throws -> HabitStatistics
    {
        let referenceDay = day ?? dependencies.clock.today()
        let habit = try dependencies.habit(habitReference, ownedBy: ownerID)
        return calculator.statistics(
            of: habit, sortedCompletedDays: try dependencies.completions.completedDays(habitID: habit.id),
            reference: referenceDay)
    }
}
