import Core

/// Records that a habit was done on a day (today when none is given).
public struct RecordCompletion: Sendable {
    let dependencies: HabitDependencies

    /// Checks the day and writes the completion through `dependencies` in one transaction.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The new completion.
    /// - Throws: `habits.not_found`, `habits.ambiguous`, `habits.before_start`,
    ///   `habits.future_day`, `habits.outside_tracking_period`, `habits.already_completed`.
    public func callAsFunction(_ reference: String, on day: LocalDay?, ownerID: String) throws -> Completion {
        try dependencies.onRecordableDay(reference, day, ownerID: ownerID) { habit, target, now in
            if try dependencies.completions.completion(habitID: habit.id, on: target) != nil {
                throw HabitError.alreadyCompleted(habit, on: target)
            }
            let completion = Completion(
                id: Identifier.random(), habitID: habit.id, completedOn: target, recordedAt: now)
            try dependencies.completions.insert(completion)
            return completion
        }
    }
}
