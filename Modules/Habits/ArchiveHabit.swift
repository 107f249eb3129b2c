import Core

/// Archives a habit today: its period ends today if today is completed, else yesterday.
public struct ArchiveHabit: Sendable {
    let dependencies: HabitDependencies

    /// Changes the habit through `dependencies` in one transaction; "today" is its clock's.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The archived habit.
    /// - Throws: `habits.not_found`, `habits.ambiguous`, `habits.already_archived`, `habits.before_start`.
    public func callAsFunction(_ reference: String, ownerID: String) throws -> Habit {
        let now = dependencies.clock.now()
        let today = now.localDay(in: dependencies.clock.timeZone)
        return try dependencies.transactions.transaction {
            let habit = try dependencies.habit(reference, ownedBy: ownerID)
            let completedToday = try dependencies.completions.completion(habitID: habit.id, on: today) != nil
            let archived = try habit.archived(today: today, completedToday: completedToday, at: now)
            try dependencies.habits.update(archived)
            return archived
        }
    }
}
