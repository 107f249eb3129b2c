import Core
import Time

/// Lists a habit's completions in a range of days, by day.
public struct ListCompletions: Sendable {
    let dependencies: HabitDependencies

    /// Reads the habit and its completions from `dependencies`; never writes.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The completions from `from` to `to` (inclusive; open ends when nil).
    /// - Throws: `habits.not_found`, `habits.ambiguous`.
    public func callAsFunction(_ reference: String, from: LocalDay?, to: LocalDay?, ownerID: String) throws
        -> [Completion]
    {
        let habit = try dependencies.habit(reference, ownedBy: ownerID)
        return try dependencies.completions.completions(habitID: habit.id, from: from, to: to)
    }
}
