import Core

/// `habits.remind` and `habits.unremind`: sets a habit's reminder at a time of day, or takes
/// reminders off.
public struct SetReminder: Sendable {
    let store: ReminderStore

    /// Writes through `store` in one transaction.
    public init(_ store: ReminderStore) { self.store = store }

    /// Sets a reminder of habit `reference` at `time` (`HH:MM`); returns it with its habit.
    /// - Throws: the lookup errors; `invalid_argument` (field `time`) for a bad time;
    ///   `habits.reminder_exists`; `habits.too_many_reminders` past `Reminder.maximumPerHabit`
    ///   or `Reminder.maximumPerUser`.
    public func callAsFunction(_ reference: String, at time: String, ownerID: String) throws -> (Reminder, Habit) {
        let time = try Reminder.time(time)
        let now = store.base.clock.now()
        return try store.base.transactions.transaction {
            let habit = try store.base.habit(reference, ownedBy: ownerID)
            let own = try store.reminders.reminders(habitID: habit.id)
            if own.contains(where: { $0.time == time }) {
                throw AppError(
                    code: "habits.reminder_exists", message: "'\(habit.name)' has a reminder at \(time) already",
                    field: "time")
            }
            guard own.count < Reminder.maximumPerHabit else {
                throw AppError(
                    code: "habits.too_many_reminders",
                    message:
                        "a habit has at most \(Reminder.maximumPerHabit) reminders; take one off with habits.unremind",
                    field: "time")
            }
            guard try store.reminders.reminders(ownedBy: ownerID).count < Reminder.maximumPerUser else {
                throw AppError(
                    code: "habits.too_many_reminders",
                    message:
                        "you have \(Reminder.maximumPerUser) reminders, the most; take one off with habits.unremind",
                    field: "time")
            }
            let reminder = Reminder(habitID: habit.id, time: time, createdAt: now)
            try store.reminders.insert(reminder)
            return (reminder, habit)
        }
    }

    /// Takes off habit `reference`'s reminder at `time`, or all its reminders when nil;
    /// returns those taken off.
    /// - Throws: the lookup errors; `invalid_argument` (field `time`); `habits.no_reminder`
    ///   when the habit has none (at that time).
    public func remove(_ reference: String, at time: String?, ownerID: String) throws -> ([Reminder], Habit) {
        let time = try time.map { try Reminder.time($0) }
        return try store.base.transactions.transaction {
            let habit = try store.base.habit(reference, ownedBy: ownerID)
            let removed = try store.reminders.reminders(habitID: habit.id).filter { time == nil || $0.time == time }
            guard !removed.isEmpty else {
                throw AppError(
                    code: "habits.no_reminder",
                    message: time.map { "'\(habit.name)' has no reminder at \($0)" }
                        ?? "'\(habit.name)' has no reminder", field: time == nil ? "ref" : "time")
            }
            try store.reminders.delete(habitID: habit.id, time: time)
            return (removed, habit)
        }
    }
}
