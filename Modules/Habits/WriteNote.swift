import Core
import Time

/// Writes the note of a habit's day (today when none is given), done or not; an empty text
/// removes it.
public struct WriteNote: Sendable {
    /// The longest note, in characters.
    public static let maximumLength = 1_000

    let store: HabitDetailsStore

    /// Writes through `store` in one transaction.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// The day the note was written on.
    /// - Throws: the lookup errors; `habits.before_start`; `habits.future_day`;
    ///   `invalid_argument` (field `text`) for a note over 1,000 characters.
    public func callAsFunction(_ reference: String, text: String, on day: LocalDay?, ownerID: String) throws
        -> LocalDay
    {
        guard text.count <= Self.maximumLength else {
            throw AppError.invalidArgument(
                "a note is at most \(Self.maximumLength) characters, got \(text.count)", field: "text")
        }
        let now = store.base.clock.now()
        let today = store.base.clock.today()
        let target = day ?? today
        return try store.base.transactions.transaction {
            let habit = try store.base.habit(reference, ownedBy: ownerID)
            if target < habit.startDay { throw HabitError.beforeStart(target, start: habit.startDay) }
            if target > today { throw HabitError.futureDay(target, today: today) }
            let trimmed = text.trimmingWhitespace
            try store.details.setNote(trimmed.isEmpty ? nil : text, on: target, habitID: habit.id, at: now)
            return target
        }
    }
}
