import Core
import Storage
import Time

/// Reminders in the `habit_reminders` table (habits migration 5), in SQL both backends run.
public struct SQLReminderRepository: ReminderRepository {
    private let database: any Database

    /// A repository over `database` (migrated with the Habits plugin's migrations).
    public init(database: any Database) { self.database = database }

    /// Every reminder of `ownerID`'s habits, by time, then habit order.
    public func reminders(ownedBy ownerID: String) throws -> [Reminder] {
        try database.query(
            """
            SELECT r.habit_id, r.remind_at, r.created_at FROM habit_reminders r JOIN habits h ON h.id = r.habit_id
            WHERE h.owner_id = ? ORDER BY r.remind_at, h.created_at, h.seq, h.id
            """, [.text(ownerID)], Self.reminder)
    }

    /// The reminders of one habit, by time.
    public func reminders(habitID: String) throws -> [Reminder] {
        try database.query(
            "SELECT habit_id, remind_at, created_at FROM habit_reminders WHERE habit_id = ? ORDER BY remind_at",
            [.text(habitID)], Self.reminder)
    }

    /// Stores a reminder.
    public func insert(_ reminder: Reminder) throws {
        do {
            try database.execute(
                "INSERT INTO habit_reminders (habit_id, remind_at, created_at) VALUES (?, ?, ?)",
                [.text(reminder.habitID), .text(reminder.time.description), .instant(reminder.createdAt)])
        } catch let error as StorageError where error.failure == .duplicate {
            throw AppError(
                code: "habits.reminder_exists", message: "the habit has a reminder at \(reminder.time) already",
                field: "time")
        }
    }

    /// Removes the habit's reminder at `time`, or all of them.
    public func delete(habitID: String, time: DailyTime?) throws -> Int {
        guard let time else {
            return try database.delete(from: "habit_reminders", where: [.equal("habit_id", .text(habitID))])
        }
        return try database.delete(
            from: "habit_reminders",
            where: [.equal("habit_id", .text(habitID)), .equal("remind_at", .text(time.description))])
    }

    private static func reminder(_ row: Row) throws -> Reminder {
        let text = try row.string(1)
        guard let time = DailyTime(parsing: text) else {
            throw StorageError(.corrupt, message: "a stored reminder's time '\(text)' is not HH:MM")
        }
        return Reminder(habitID: try row.string(0), time: time, createdAt: try row.instant(2))
    }
}
