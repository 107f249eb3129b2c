import Core
import Time

/// Records that a habit was done on a day (today when none is given).
public struct RecordCompletion: Sendable {
    let dependencies: HabitDependencies

    /// Checks the day and writes the completion through `dependencies` in one transaction.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The new completion.
    ///
    /// Outside any transaction, the completion is first inserted only if the rules allow it
    /// (`CompletionRepository.insertIfRecordable`, sent with its transaction's `COMMIT`: one
    /// round trip on a server). When that transaction fails on a refusal, nothing of it
    /// committed, and the call goes the careful way: the habit, its measure and its
    /// completion on the day are read and the insert tried in one step
    /// (`CompletionRepository.attempt`), then the rules judge what was read, naming what
    /// they refuse, and a refusal rolls the insert back.
    /// - Throws: `habits.not_found`, `habits.ambiguous`, `invalid_argument` (field `value`)
    ///   for a measurable habit, `habits.before_start`, `habits.future_day`,
    ///   `habits.outside_tracking_period`, `habits.already_completed`.
    public func callAsFunction(_ reference: String, on day: LocalDay?, ownerID: String) throws -> Completion {
        let clock = dependencies.clock
        let now = clock.now()
        let today = now.localDay(in: clock.timeZone)
        let target = day ?? today
        let id = Identifier.random()
        let habitID = HabitDependencies.identifier(in: reference)
        let completions = dependencies.completions
        let transactions = dependencies.transactions
        if !transactions.isInTransaction {
            var insertedFor: String?
            do {
                try transactions.transaction {
                    try completions.insertIfRecordable(
                        habitID: habitID, name: reference, ownerID: ownerID, on: target, today: today, id: id,
                        recordedAt: now
                    ) { insertedFor = $0 }
                }
                if let habit = insertedFor {
                    return Completion(id: id, habitID: habit, completedOn: target, recordedAt: now)
                }
            } catch let error as StorageError where error.failure == .constraint || error.failure == .duplicate {
                // Refused (or the habit changed meanwhile): judged below, which says why.
            }
        }
        return try transactions.transaction {
            let attempt = try completions.attempt(
                habitID: habitID, name: reference, ownerID: ownerID, on: target, id: id, recordedAt: now)
            let habit = try attempt.habit(reference)
            if let measure = attempt.measures[habit.id] { throw HabitError.measured(habit, measure) }
            try habit.checkRecordable(target, today: today)
            if attempt.completions[habit.id] != nil { throw HabitError.alreadyCompleted(habit, on: target) }
            let completion = Completion(id: id, habitID: habit.id, completedOn: target, recordedAt: now)
            if attempt.insertedFor == habit.id { return completion }
            // The store inserted nothing (another process completed the day after the read:
            // the insert below says so), or, the habits renamed between its two statements,
            // for another habit: that row goes.
            if attempt.insertedFor != nil { try completions.delete(id: id) }
            try completions.insert(completion)
            return completion
        }
    }
}
