import Core

/// Removes the completion of a habit on a day (today when none is given).
public struct CancelCompletion: Sendable {
    let dependencies: HabitDependencies

    /// Checks the day and deletes the completion through `dependencies` in one transaction.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The removed completion.
    /// - Throws: the date errors of `RecordCompletion`, and `habits.not_completed`.
    public func callAsFunction(_ reference: String, on day: LocalDay?, ownerID: String) throws -> Completion {
        try dependencies.onRecordableDay(reference, day, ownerID: ownerID) { habit, target, _ in
            guard let completion = try dependencies.completions.completion(habitID: habit.id, on: target) else {
                throw HabitError.notCompleted(habit, on: target)
            }
            try dependencies.completions.delete(id: completion.id)
            return completion
        }
    }
}
