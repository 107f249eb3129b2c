import Core

/// Deletes a habit and all its completions, in one transaction.
public struct DeleteHabit: Sendable {
    let dependencies: HabitDependencies

    /// Deletes through `dependencies`: the habit and its completions in one transaction.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// Deletes the habit.
    /// - Throws: `habits.not_found`, `habits.ambiguous`.
    public func callAsFunction(_ reference: String, ownerID: String) throws {
        try dependencies.transactions.transaction {
            let habit = try dependencies.habit(reference, ownedBy: ownerID)
            try dependencies.completions.deleteAll(habitID: habit.id)
            try dependencies.habits.delete(id: habit.id)
        }
    }
}
