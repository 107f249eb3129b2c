import Core
import Time

/// What the Habits use cases work with: the two repositories, the transaction runner and
/// the clock. Registered once by the plugin; each use case is a small value made from it.
public struct HabitDependencies: Sendable {
    /// Habits and their tracking periods.
    public let habits: any HabitRepository
    /// Completions, one a day per habit at most.
    public let completions: any CompletionRepository
    /// Makes multi-row changes atomic.
    public let transactions: any TransactionRunner
    /// The app clock.
    public let clock: any Clock

    /// The repositories must write through the database `transactions` runs on, or a use
    /// case's writes are not one transaction.
    public init(
        habits: any HabitRepository, completions: any CompletionRepository, transactions: any TransactionRunner,
        clock: any Clock
    ) {
        self.habits = habits
        self.completions = completions
        self.transactions = transactions
        self.clock = clock
    }

    /// Runs `body` in one transaction with the habit and a day checked as recordable (today
    /// when `day` is nil), reading the clock once.
    /// - Throws: the lookup errors, the date errors of `Habit.checkRecordable`, or `body`'s.
    func onRecordableDay<Result>(
        _ reference: String, _ day: LocalDay?, ownerID: String,
        _ body: (_ habit: Habit, _ day: LocalDay, _ now: Instant) throws -> Result
    ) throws -> Result {
        let now = clock.now()
        let today = now.localDay(in: clock.timeZone)
        let target = day ?? today
        return try transactions.transaction {
            let habit = try habit(reference, ownedBy: ownerID)
            try habit.checkRecordable(target, today: today)
            return try body(habit, target, now)
        }
    }

    /// Refuses `name` when another active habit of `ownerID` has it, compared ignoring case
    /// and Unicode form (`foldedForMatching`). Call inside the transaction that stores it.
    /// - Throws: `habits.name_taken` (field `name`).
    func checkNameFree(_ name: String, ownerID: String, except habitID: String? = nil) throws {
        let folded = name.foldedForMatching
        let taken = try habits.activeNameCandidates(folded: folded, ownedBy: ownerID).contains {
            $0.id != habitID && $0.name.foldedForMatching == folded
        }
        if taken { throw HabitError.nameTaken(name) }
    }

    /// The habit `reference` names for `ownerID`: its id, or its exact name.
    /// - Throws: `habits.not_found`; `habits.ambiguous` when several habits share the name.
    public func habit(_ reference: String, ownedBy ownerID: String) throws -> Habit {
        if let id = Self.identifier(in: reference), let habit = try habits.habit(id: id, ownedBy: ownerID) {
            return habit
        }
        return try Self.choose(reference, withID: nil, named: try habits.habits(named: reference, ownedBy: ownerID))
    }

    /// The id `reference` may be (lowercased), when it looks like one.
    static func identifier(in reference: String) -> String? {
        Identifier.looksLikeIdentifier(reference) ? reference.lowercased() : nil
    }

    /// The habit a reference names, given the habit whose id it is (if any) and the habits
    /// named exactly it: the first, else the only one of the others.
    /// - Throws: `habits.not_found`; `habits.ambiguous` when several habits share the name.
    static func choose(_ reference: String, withID habit: Habit?, named: [Habit]) throws -> Habit {
        if let habit { return habit }
        guard named.count <= 1 else { throw HabitError.ambiguous(reference, count: named.count) }
        guard let habit = named.first else { throw HabitError.notFound(reference) }
        return habit
    }
}
