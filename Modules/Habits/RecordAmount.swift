import Core
import Time

/// Records an amount for a measurable habit on a day (today when none is given): added to
/// the day's total by default, or set as the total. The day is completed while its total
/// meets the target (a completion is written or removed to match), so the calendar, the
/// day entries and the streaks see it like any completion.
public struct RecordAmount: Sendable {
    let store: HabitDetailsStore

    /// Writes through `store` in one transaction.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// The day's new total, whether the day is done, and its completion when it is.
    /// - Throws: the date errors of `habits.complete`; `invalid_argument` (field `value`) for a
    ///   yes/no habit, a value that is not a finite number, negative, or a total over 1,000,000.
    public func callAsFunction(_ reference: String, value: Double, set: Bool, on day: LocalDay?, ownerID: String)
        throws -> (habitID: String, day: LocalDay, total: Double, done: Bool, completion: Completion?)
    {
        guard value.isFinite, value >= 0 else {
            throw AppError.invalidArgument("an amount is a number of at least 0, got \(value)", field: "value")
        }
        return try store.base.onRecordableDay(reference, day, ownerID: ownerID) { habit, target, now in
            let details = try store.details.details(habitID: habit.id)
            guard let measure = details.measure else {
                throw AppError.invalidArgument(
                    "'\(habit.name)' is a yes/no habit without a unit or target: complete it without a value",
                    field: "value")
            }
            let total = set ? value : (details.amounts[target] ?? 0) + value
            guard total <= HabitMeasure.maximumAmount else {
                throw AppError.invalidArgument(
                    "a day's total is at most \(Int(HabitMeasure.maximumAmount)), got \(total)", field: "value")
            }
            try store.details.setAmount(total, on: target, habitID: habit.id, at: now)
            let done = measure.isMet(by: total)
            let existing = try store.base.completions.completion(habitID: habit.id, on: target)
            var completion = existing
            if done, existing == nil {
                let new = Completion(id: Identifier.random(), habitID: habit.id, completedOn: target, recordedAt: now)
                try store.base.completions.insert(new)
                completion = new
            } else if !done, let existing {
                try store.base.completions.delete(id: existing.id)
                completion = nil
            }
            return (habit.id, target, total, done, completion)
        }
    }
}
