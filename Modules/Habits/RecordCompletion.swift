import Core

/// Records that a habit was done on a day (today when none is given).
public struct RecordCompletion: Sendable {
    let dependencies: HabitDependencies

    /// Checks the day and writes the completion through `dependencies` in one transaction.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The new completion.
    ///
    /// The habit, its measure and its completion on the day are read, and the completion
    /// inserted when the store finds the habit free that day, in one step
    /// (`CompletionRepository.attempt`: one round trip on a server, with the transaction's
    /// `BEGIN`); the rules below judge what was read, and a refusal rolls the insert back.
    /// - Throws: `habits.not_found`, `habits.ambiguous`, `invalid_argument` (field `value`)
    ///   for a measurable habit, `habits.before_start`, `habits.future_day`,
    ///   `habits.outside_tracking_period`, `habits.already_completed`.
    public func callAsFunction(_ reference: String, on day: LocalDay?, ownerID: String) throws -> Completion {
        let clock = dependencies.clock
        let now = clock.now()
        let today = now.localDay(in: clock.timeZone)
        let target = day ?? today
        let id = Identifier.random()
        let completions = dependencies.completions
        return try dependencies.transactions.transaction {
            let attempt = try completions.attempt(
                habitID: HabitDependencies.identifier(in: reference), name: reference, ownerID: ownerID, on: target,
                id: id, recordedAt: now)
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
