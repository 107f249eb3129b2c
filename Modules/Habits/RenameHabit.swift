import Core

/// Gives a habit a new name.
public struct RenameHabit: Sendable {
    let dependencies: HabitDependencies

    /// Reads, renames and writes the habit through `dependencies`, in one transaction.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The renamed habit.
    /// - Throws: `habits.not_found`, `habits.ambiguous`, `invalid_argument`,
    ///   `habits.name_taken` when another active habit has the name (ignoring case).
    public func callAsFunction(_ reference: String, to name: String, ownerID: String) throws -> Habit {
        let now = dependencies.clock.now()
        return try dependencies.transactions.transaction {
            let renamed = try dependencies.habit(reference, ownedBy: ownerID).renamed(to: name, at: now)
            if !renamed.isArchived {
                try dependencies.checkNameFree(renamed.name, ownerID: ownerID, except: renamed.id)
            }
            try dependencies.habits.update(renamed)
            return renamed
        }
    }
}
