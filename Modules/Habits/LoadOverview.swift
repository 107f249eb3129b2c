import Core

/// Every habit of the acting user, archived too, with today's streak and rate.
public struct LoadOverview: Sendable {
    let dependencies: HabitDependencies
    let calculator = HabitStatisticsCalculator()

    /// Reads every habit and completion of the user from `dependencies`; "today" is its clock's.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// One summary per habit, oldest first; two queries whatever the number of habits.
    public func callAsFunction(ownerID: String) throws -> [HabitSummary] {
        let today = dependencies.clock.today()
        let habits = try dependencies.habits.habits(ownedBy: ownerID)
        let completed = try dependencies.completions.completedDays(ownedBy: ownerID)
        return habits.map { habit in
            let statistics = calculator.statistics(
                of: habit, sortedCompletedDays: completed[habit.id] ?? [], reference: today)
            return HabitSummary(
                id: habit.id, name: habit.name, isArchived: habit.isArchived,
                currentStreak: statistics.streak.current, completionRate: statistics.completionRate)
        }
    }
}
