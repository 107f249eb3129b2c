import Core
import Time

/// Where reminders are kept (`SQLReminderRepository` over the `habit_reminders` table).
public protocol ReminderRepository: Sendable {
    /// Every reminder of `ownerID`'s habits, archived ones too, by time, then habit order.
    func reminders(ownedBy ownerID: String) throws -> [Reminder]
    /// The reminders of one habit, by time.
    func reminders(habitID: String) throws -> [Reminder]
    /// Stores a reminder.
    /// - Throws: `habits.reminder_exists` when the habit has one at that time.
    func insert(_ reminder: Reminder) throws
    /// Removes the habit's reminder at `time`, or all of them when nil; returns how many.
    @discardableResult
    func delete(habitID: String, time: DailyTime?) throws -> Int
}
