import Core
import Time

/// Gives a habit a new frequency from a day on (today when none is given); days before
/// keep the frequency they had, and changes after that day are replaced.
public struct SetFrequency: Sendable {
    let store: HabitDetailsStore

    /// Writes through `store` in one transaction.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// The habit's frequency changes afterwards, oldest first.
    /// - Throws: the lookup errors; `habits.before_start` when `from` is before the habit's start.
    public func callAsFunction(_ reference: String, _ frequency: HabitFrequency, from day: LocalDay?, ownerID: String)
        throws -> [FrequencyChange]
    {
        let today = store.base.clock.today()
        return try store.base.transactions.transaction {
            let habit = try store.base.habit(reference, ownedBy: ownerID)
            let start = day ?? Swift.max(today, habit.startDay)
            if start < habit.startDay { throw HabitError.beforeStart(start, start: habit.startDay, field: "from") }
            try store.details.deleteFrequencies(habitID: habit.id, after: start)
            let change = FrequencyChange(start: start, frequency: frequency)
            if try store.details.details(habitID: habit.id).frequencies.contains(where: { $0.start == start }) {
                try store.details.updateFrequency(change, habitID: habit.id)
            } else {
                try store.details.insertFrequency(change, habitID: habit.id)
            }
            return try store.details.details(habitID: habit.id).frequencies
        }
    }
}
