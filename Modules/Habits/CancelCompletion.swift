import Core

/// Removes the completion of a habit on a day (today when none is given).
///
/// A habit archived today with today completed has its period ending today; removing that
/// completion moves the end back to yesterday, as archiving without it would have, so the
/// habit does not show as `pending` today.
public struct CancelCompletion: Sendable {
    let dependencies: HabitDependencies

    /// Checks the day and deletes the completion through `dependencies` in one transaction.
    public init(_ dependencies: HabitDependencies) { self.dependencies = dependencies }

    /// The removed completion.
    /// - Throws: the date errors of `RecordCompletion`, and `habits.not_completed`.
    public func callAsFunction(_ reference: String, on day: LocalDay?, ownerID: String) throws -> Completion {
        try dependencies.onRecordableDay(reference, day, ownerID: ownerID) { habit, target, now in
            guard let completion = try dependencies.completions.completion(habitID: habit.id, on: target) else {
                throw HabitError.notCompleted(habit, on: target)
            }
            try dependencies.completions.delete(id: completion.id)
            if let shortened = try habit.withoutCompletionOnArchiveDay(
                target, today: now.localDay(in: dependencies.clock.timeZone), at: now)
            {
                try dependencies.habits.update(shortened)
            }
            return completion
        }
    }
}
