import Core
import Formats
import Storage

/// The `reminders` section of the export document: `{reminders = {{habit_id, time,
/// created_at}}}`, by time, then habit order. It comes after the `habits` section, whose
/// habits it names: a habit the import gave a new id (its id is another user's) is found
/// under that id, and a reminder of a habit the import left out is reported.
public struct SQLRemindersSection: PortableSection {
    let database: any Database

    /// The section over `database`.
    public init(database: any Database) { self.database = database }

    /// `reminders`.
    public var name: String { "reminders" }

    /// 1: each reminder with its habit's id, its time and the instant it was set.
    public var version: Int { 1 }

    /// The most reminders a section may hold: 100,000.
    public static let maximumItems = 100_000

    /// Every reminder of `user`'s habits.
    public func export(for user: User) throws -> Record {
        let reminders = try SQLReminderRepository(database: database).reminders(ownedBy: user.id)
        return Record([
            (
                "reminders",
                .array(
                    reminders.map { reminder in
                        .table(
                            Record([
                                ("habit_id", .string(reminder.habitID)), ("time", .string(reminder.time.description)),
                                ("created_at", .int(reminder.createdAt.millisecondsSince1970)),
                            ]))
                    })
            )
        ])
    }

    /// Adds each reminder the user's habit lacks; one it has (the same time) is skipped.
    public func importSection(_ section: Record, version: Int, for user: User, report: inout ImportReport) throws {
        let repository = SQLReminderRepository(database: database)
        let items = try PortableRecord(section, path: "sections.reminders").records("reminders")
        guard items.count <= Self.maximumItems else {
            throw AppError.invalidArgument(
                "sections.reminders has over \(Self.maximumItems) reminders", field: "sections.reminders.reminders")
        }
        // Checked first, so a bad item anywhere changes nothing.
        let read = try items.map { item in
            (
                habitID: report.storedID("habit", try item.string("habit_id")),
                time: try Reminder.time(try item.string("time"), field: "\(item.path).time"),
                createdAt: try item.instant("created_at")
            )
        }
        var count = try repository.reminders(ownedBy: user.id).count
        for entry in read {
            let owner = try database.queryOne("SELECT owner_id FROM habits WHERE id = ?", [.text(entry.habitID)]) {
                try $0.string(0)
            }
            guard owner == user.id else {
                report.cannotRepresent("reminder at \(entry.time): its habit \(entry.habitID) is not among yours")
                continue
            }
            let own = try repository.reminders(habitID: entry.habitID)
            if own.contains(where: { $0.time == entry.time }) {
                report.skip("reminders")
                continue
            }
            guard own.count < Reminder.maximumPerHabit, count < Reminder.maximumPerUser else {
                report.cannotRepresent(
                    "reminder at \(entry.time) of habit \(entry.habitID): over the limit of \(Reminder.maximumPerHabit) a habit, \(Reminder.maximumPerUser) in all"
                )
                continue
            }
            try repository.insert(Reminder(habitID: entry.habitID, time: entry.time, createdAt: entry.createdAt))
            count += 1
            report.add("reminders")
        }
    }
}
