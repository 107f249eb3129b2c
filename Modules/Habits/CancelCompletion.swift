import Core
import Time

/// Removes the completion of a habit on a day (today when none is given), and the day's
/// amount with it: a measurable habit's completion follows its amount (`RecordAmount`), so
/// an amount left behind would have the day met by one count and not by another.
///
/// A habit archived today with today completed has its period ending today; removing that
/// completion moves the end back to yesterday, as archiving without it would have, so the
/// habit does not show as `pending` today.
public struct CancelCompletion: Sendable {
    let dependencies: HabitDependencies
    let details: (any HabitDetailsRepository)?

    /// Checks the day and deletes the completion through `dependencies`, and the day's
    /// amount through `details` when given, in one transaction.
    public init(_ dependencies: HabitDependencies, details: (any HabitDetailsRepository)? = nil) {
        self.dependencies = dependencies
        self.details = details
    }

    /// The removed completion.
    /// - Throws: the date errors of `RecordCompletion`, and `habits.not_completed`.
    public func callAsFunction(_ reference: String, on day: LocalDay?, ownerID: String) throws -> Completion {
        try dependencies.onRecordableDay(reference, day, ownerID: ownerID) { habit, target, now in
            guard let completion = try dependencies.completions.completion(habitID: habit.id, on: target) else {
                throw HabitError.notCompleted(habit, on: target)
            }
            try dependencies.completions.delete(id: completion.id)
            try details?.setAmount(nil, on: target, habitID: habit.id, at: now)
            if let shortened = try habit.withoutCompletionOnArchiveDay(
                target, today: now.localDay(in: dependencies.clock.timeZone), at: now)
            {
                try dependencies.habits.update(shortened)
            }
            return completion
        }
    }
}
