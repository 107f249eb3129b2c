import Core
import Time

/// Skips a day of a habit, or takes the skip back: a skipped day is neither eligible nor
/// missed and never breaks a streak. Future days may be skipped (a planned day off).
public struct SkipDay: Sendable {
    let store: HabitDetailsStore

    /// Writes through `store` in one transaction.
    public init(_ store: HabitDetailsStore) { self.store = store }

    /// Skips (or, with `undo`, unskips) `day` (today when nil); returns the day.
    /// - Throws: the lookup errors; `habits.before_start`; `habits.outside_tracking_period`;
    ///   `habits.already_completed` (a done day is not skipped); `habits.already_skipped`;
    ///   `habits.not_skipped`.
    public func callAsFunction(_ reference: String, on day: LocalDay?, undo: Bool = false, ownerID: String) throws
        -> LocalDay
    {
        let today = store.base.clock.today()
        let target = day ?? today
        return try store.base.transactions.transaction {
            let habit = try store.base.habit(reference, ownedBy: ownerID)
            if undo {
                try store.details.deleteSkip(target, habitID: habit.id)
                return target
            }
            if target < habit.startDay { throw HabitError.beforeStart(target, start: habit.startDay) }
            if !habit.isTracked(on: target) { throw HabitError.outsideTrackingPeriod(target) }
            if try store.base.completions.completion(habitID: habit.id, on: target) != nil {
                throw HabitError.alreadyCompleted(habit, on: target)
            }
            try store.details.insertSkip(target, habitID: habit.id)
            return target
        }
    }
}
