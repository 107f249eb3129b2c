import Core

/// Tracks an archived habit again from today (reopening the last period when it ended
/// yesterday or today).
public struct UnarchiveHabit: Sendable {
    let dependencies: HabitDependencies

    /// Changes the habit through `dependencies` in one transaction; "today" is its clock's.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The unarchived habit.
    /// - Throws: `habits.not_found`, `habits.ambiguous`, `habits.not_archived`;
    ///   `habits.name_taken` when an active habit has its name now (ignoring case).
    public func callAsFunction(_ reference: String, ownerID: String) throws -> Habit {
        let now = dependencies.clock.now()
        let today = now.localDay(in: dependencies.clock.timeZone)
        return try dependencies.transactions.transaction {
            let unarchived = try dependencies.habit(reference, ownedBy: ownerID).unarchived(today: today, at: now)
            try dependencies.checkNameFree(unarchived.name, ownerID: ownerID, except: unarchived.id)
            try dependencies.habits.update(unarchived)
            return unarchived
        }
    }
}
