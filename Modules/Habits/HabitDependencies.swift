import Core

/// What the Habits use cases work with: the two repositories, the transaction runner and
/// the clock. Registered once by the plugin; each use case is a small value made from it.
public struct HabitDependencies: Sendable {
    /// The habits.
    public let habits: any HabitRepository
    /// The completions.
    public let completions: any CompletionRepository
    /// Makes multi-row changes atomic.
    public let transactions: any TransactionRunner
    /// The app clock.
    public let clock: any Clock

    /// Dependencies.
    public init(
        habits: any HabitRepository, completions: any CompletionRepository, transactions: any TransactionRunner,
        clock: any Clock
    ) {
        self.habits = habits
        self.completions = completions
        self.transactions = transactions
        self.clock = clock
    }

    /// The habit `reference` names for `ownerID`: its id, or its exact name.
    /// - Throws: `habits.not_found`; `habits.ambiguous` when several habits share the name.
    public func habit(_ reference: String, ownedBy ownerID: String) throws -> Habit {
        if Identifier.looksLikeIdentifier(reference),
            let habit = try habits.habit(id: reference.lowercased(), ownedBy: ownerID)
        {
            return habit
        }
        let named = try habits.habits(named: reference, ownedBy: ownerID)
        guard named.count <= 1 else { throw HabitError.ambiguous(reference, count: named.count) }
        guard let habit = named.first else { throw HabitError.notFound(reference) }
        return habit
    }
}
