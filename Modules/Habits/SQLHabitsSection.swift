import Core
import Formats
import Storage

/// The `habits` section of the export document: each habit with its tracking periods and
/// completions, ids and instants (milliseconds) as stored, so a round trip is exact.
///
/// Version 2 adds to each habit what it has beyond a daily yes/no: `frequencies` (each
/// change with its first day), `measure` (unit, target, at_most), `skips`, `pauses`, and
/// the day `amounts` and `notes` with the instant each was last written. A version 1
/// section (no such fields) is read as before: daily yes/no habits.
public struct SQLHabitsSection: PortableSection {
    let database: any Database

    /// The section over `database`.
    public init(database: any Database) { self.database = database }

    /// `habits`.
    public var name: String { "habits" }

    /// 2: habits with their frequencies, skips, pauses, amounts and notes; version 1 (plain
    /// daily yes/no habits) is still read.
    public var version: Int { 2 }

    /// The longest list of one kind (completions, skips, notes ...) of one habit read in:
    /// 100,000, over 270 years of days.
    public static let maximumItems = 100_000

    /// `{habits = {{id, name, start_day, created_at, updated_at, periods, completions,
    /// frequencies, measure?, skips, pauses, amounts, notes}}}`, oldest first.
    public func export(for user: User) throws -> Record {
        let habits = try SQLHabitRepository(database: database).habits(ownedBy: user.id)
        var completions: [String: [Value]] = [:]
        try database.forEach(
            """
            SELECT c.habit_id, c.id, c.completed_on, c.recorded_at FROM habit_completions c
            JOIN habits h ON h.id = c.habit_id WHERE h.owner_id = ? ORDER BY c.habit_id, c.completed_on
            """, [.text(user.id)]
        ) { row in
            completions[try row.string(0), default: []].append(
                .table(
                    Record([
                        ("id", .string(try row.string(1))), ("day", .string(try row.string(2))),
                        ("recorded_at", .int(try row.int(3))),
                    ])))
        }
        let details = try exportedDetails(ownerID: user.id)
        let items: [Value] = habits.map { habit in
            var periods: [Value] = []
            for period in habit.trackingPeriods {
                var record = Record([("start_day", .string(period.start.description))])
                if let end = period.end { record["end_day"] = .string(end.description) }
                periods.append(.table(record))
            }
            var record = Record([
                ("id", .string(habit.id)), ("name", .string(habit.name)),
                ("start_day", .string(habit.startDay.description)),
                ("created_at", .int(habit.createdAt.millisecondsSince1970)),
                ("updated_at", .int(habit.updatedAt.millisecondsSince1970)), ("periods", .array(periods)),
                ("completions", .array(completions[habit.id] ?? [])),
            ])
            let extra = details[habit.id] ?? ExportedDetails()
            record["frequencies"] = .array(extra.frequencies)
            if let measure = extra.measure { record["measure"] = measure }
            record["skips"] = .array(extra.skips)
            record["pauses"] = .array(extra.pauses)
            record["amounts"] = .array(extra.amounts)
            record["notes"] = .array(extra.notes)
            return .table(record)
        }
        return Record([("habits", .array(items))])
    }

    /// Adds each habit whose id is not there yet, with its periods and completions. A habit
    /// whose id another user's habit holds gets a new id; an active habit whose name an
    /// active habit of the user already has is reported and left out.
    public func importSection(_ section: Record, version: Int, for user: User, report: inout ImportReport) throws {
        let repository = SQLHabitRepository(database: database)
        let document = PortableRecord(section, path: "sections.habits")
        for item in try document.records("habits") {
            var habitID = try item.string("id")
            let periods = try item.records("periods").map { period -> TrackingPeriod in
                guard
                    let made = TrackingPeriod(
                        start: try period.day("start_day"), end: try period.optionalDay("end_day"))
                else { throw AppError.invalidArgument("\(period.path) ends before it starts", field: period.path) }
                return made
            }
            let completions = try item.records("completions").map { completion in
                (
                    id: try completion.string("id"), day: try completion.day("day"),
                    at: try completion.instant("recorded_at")
                )
            }
            let details = version >= 2 ? try Self.details(of: item) : ImportedDetails()
            guard completions.count <= Self.maximumItems else {
                throw AppError.invalidArgument(
                    "\(item.path) has over \(Self.maximumItems) completions", field: "\(item.path).completions")
            }
            let owner = try database.queryOne("SELECT owner_id FROM habits WHERE id = ?", [.text(habitID)]) {
                try $0.string(0)
            }
            if owner == user.id {
                report.skip("habits")
                report.skip("completions", completions.count)
                continue
            }
            let name = try item.string("name")
            let startDay = try item.day("start_day")
            let createdAt = try item.instant("created_at")
            let updatedAt = try item.instant("updated_at")
            var habit = try item.checked {
                try Habit(
                    id: habitID, ownerID: user.id, name: name, startDay: startDay, trackingPeriods: periods,
                    createdAt: createdAt, updatedAt: updatedAt)
            }
            if habit.trackingPeriods.last?.end == nil {
                let taken = try repository.activeNameCandidates(folded: habit.name.foldedForMatching, ownedBy: user.id)
                    .contains { $0.name.foldedForMatching == habit.name.foldedForMatching }
                if taken {
                    report.cannotRepresent(
                        "habit \(habit.name): an active habit of that name exists; left out with its \(completions.count) completions"
                    )
                    continue
                }
            }
            if owner != nil {
                habitID = Identifier.random()
                report.renumber("habit", from: try item.string("id"), to: habitID)
                habit = try Habit(
                    id: habitID, ownerID: user.id, name: habit.name, startDay: habit.startDay,
                    trackingPeriods: habit.trackingPeriods, createdAt: habit.createdAt, updatedAt: habit.updatedAt)
                report.cannotRepresent("habit \(habit.name): its id belongs to another user; imported as \(habitID)")
            }
            try repository.insert(habit)
            report.add("habits")
            for completion in completions {
                let taken =
                    try database.queryOne(
                        "SELECT 1 FROM habit_completions WHERE id = ?", [.text(completion.id)]
                    ) { _ in true } ?? false
                try database.execute(
                    "INSERT INTO habit_completions (id, habit_id, completed_on, recorded_at) VALUES (?, ?, ?, ?)",
                    [
                        .text(taken ? Identifier.random() : completion.id), .text(habitID), .day(completion.day),
                        .instant(completion.at),
                    ])
                report.add("completions")
            }
            try store(details, habitID: habitID, report: &report)
        }
    }
}
