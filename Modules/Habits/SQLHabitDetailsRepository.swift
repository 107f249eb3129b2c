import Core
import Storage
import Time

/// Habit details in the tables of habits migration 4, in portable SQL over the `Database`
/// protocol (no `rowid`, no upsert, no booleans: a measure's direction is text).
public struct SQLHabitDetailsRepository: HabitDetailsRepository {
    private let database: any Database

    /// A repository over `database` (migrated with the Habits plugin's migrations).
    public init(database: any Database) { self.database = database }

    /// Everything of one habit.
    public func details(habitID: String) throws -> HabitDetails {
        try details(habitIDs: [habitID])[habitID] ?? HabitDetails()
    }

    /// Everything of these habits, by id: six queries in one batch however many habits (on
    /// SQLite, six per `SQLDialect.longestSQLiteList` habits).
    public func details(habitIDs: some Collection<String>) throws -> [String: HabitDetails] {
        var found: [String: HabitDetails] = [:]
        for chunk in database.dialect.chunks(of: Array(Set(habitIDs))) { try read(chunk, into: &found) }
        return found
    }

    /// Reads the details of `ids` with six queries in one batch: one round trip on a server.
    private func read(_ ids: [String], into found: inout [String: HabitDetails]) throws {
        let (inList, arguments) = database.dialect.inList("habit_id", ids.map(SQLValue.text))
        var frequencies: [String: [FrequencyChange]] = [:]
        var measures: [String: HabitMeasure] = [:]
        var skips: [String: Set<LocalDay>] = [:]
        var pauses: [String: [HabitPause]] = [:]
        var amounts: [String: [LocalDay: Double]] = [:]
        var notes: [String: [LocalDay: String]] = [:]
        try database.forEach([
            BatchQuery(
                "SELECT habit_id, start_day, kind, times, days, weekdays FROM habit_frequencies WHERE \(inList)",
                arguments
            ) { row in
                frequencies[try row.string(0), default: []].append(
                    FrequencyChange(
                        start: try row.day(1),
                        frequency: try Self.frequency(
                            kind: try row.string(2), times: try row.int(3), days: try row.int(4),
                            weekdays: try row.string(5))))
            },
            BatchQuery("SELECT habit_id, unit, target, direction FROM habit_measures WHERE \(inList)", arguments) {
                row in measures[try row.string(0)] = try Self.measure(row, from: 1)
            },
            BatchQuery("SELECT habit_id, day FROM habit_skips WHERE \(inList)", arguments) { row in
                skips[try row.string(0), default: []].insert(try row.day(1))
            },
            BatchQuery("SELECT habit_id, from_day, to_day FROM habit_pauses WHERE \(inList)", arguments) { row in
                guard let pause = HabitPause(from: try row.day(1), to: try row.day(2)) else {
                    throw StorageError(.corrupt, message: "a stored pause ends before it starts")
                }
                pauses[try row.string(0), default: []].append(pause)
            },
            BatchQuery("SELECT habit_id, day, total FROM habit_amounts WHERE \(inList)", arguments) { row in
                amounts[try row.string(0), default: [:]][try row.day(1)] = try row.double(2)
            },
            BatchQuery("SELECT habit_id, day, body FROM habit_notes WHERE \(inList)", arguments) { row in
                notes[try row.string(0), default: [:]][try row.day(1)] = try row.string(2)
            },
        ])
        for id in ids {
            found[id] = HabitDetails(
                frequencies: frequencies[id] ?? [], measure: measures[id], skips: skips[id] ?? [],
                pauses: pauses[id] ?? [], amounts: amounts[id] ?? [:], notes: notes[id] ?? [:])
        }
    }

    /// The ids of `ownerID`'s habits with a frequency other than daily, a skip, a pause or a measure.
    public func detailedHabitIDs(ownedBy ownerID: String) throws -> Set<String> {
        Set(
            try database.query(
                """
                SELECT f.habit_id FROM habit_frequencies f JOIN habits h ON h.id = f.habit_id
                WHERE h.owner_id = ? AND f.kind <> 'daily'
                UNION SELECT s.habit_id FROM habit_skips s JOIN habits h ON h.id = s.habit_id WHERE h.owner_id = ?
                UNION SELECT p.habit_id FROM habit_pauses p JOIN habits h ON h.id = p.habit_id WHERE h.owner_id = ?
                UNION SELECT m.habit_id FROM habit_measures m JOIN habits h ON h.id = m.habit_id WHERE h.owner_id = ?
                """, [.text(ownerID), .text(ownerID), .text(ownerID), .text(ownerID)]
            ) { try $0.string(0) })
    }

    /// The measure of a habit, if it is measurable.
    public func measure(habitID: String) throws -> HabitMeasure? {
        try database.queryOne(
            "SELECT unit, target, direction FROM habit_measures WHERE habit_id = ?", [.text(habitID)]
        ) { try Self.measure($0, from: 0) }
    }

    /// Stores a frequency change.
    public func insertFrequency(_ change: FrequencyChange, habitID: String) throws {
        let (kind, times, days, weekdays) = Self.columns(of: change.frequency)
        try database.execute(
            "INSERT INTO habit_frequencies (habit_id, start_day, kind, times, days, weekdays) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(habitID), .day(change.start), .text(kind), .int(times), .int(days), .text(weekdays)])
    }

    /// Replaces the change that starts on `change.start`.
    public func updateFrequency(_ change: FrequencyChange, habitID: String) throws {
        let (kind, times, days, weekdays) = Self.columns(of: change.frequency)
        let changed = try database.execute(
            "UPDATE habit_frequencies SET kind = ?, times = ?, days = ?, weekdays = ? WHERE habit_id = ? AND start_day = ?",
            [.text(kind), .int(times), .int(days), .text(weekdays), .text(habitID), .day(change.start)])
        guard changed == 1 else {
            throw AppError(code: "habits.not_found", message: "no frequency from \(change.start)")
        }
    }

    /// Removes the changes that start after `day`.
    public func deleteFrequencies(habitID: String, after day: LocalDay) throws {
        try database.delete(
            from: "habit_frequencies",
            where: [.equal("habit_id", .text(habitID)), DeleteCondition("start_day", .greater, .day(day))])
    }

    /// Stores the measure of a habit.
    public func insertMeasure(_ measure: HabitMeasure, habitID: String) throws {
        try database.execute(
            "INSERT INTO habit_measures (habit_id, unit, target, direction) VALUES (?, ?, ?, ?)",
            [
                .text(habitID), .text(measure.unit), .double(measure.target),
                .text(measure.atMost ? "at_most" : "at_least"),
            ])
    }

    /// Stores a skipped day.
    public func insertSkip(_ day: LocalDay, habitID: String) throws {
        do {
            try database.execute("INSERT INTO habit_skips (habit_id, day) VALUES (?, ?)", [.text(habitID), .day(day)])
        } catch let error as StorageError where error.failure == .duplicate {
            throw AppError(code: "habits.already_skipped", message: "\(day) is already skipped", field: "on")
        }
    }

    /// Removes a skipped day.
    public func deleteSkip(_ day: LocalDay, habitID: String) throws {
        guard
            try database.delete(
                from: "habit_skips", where: [.equal("habit_id", .text(habitID)), .equal("day", .day(day))])
                == 1
        else { throw AppError(code: "habits.not_skipped", message: "\(day) is not skipped", field: "on") }
    }

    /// Stores a pause.
    public func insertPause(_ pause: HabitPause, habitID: String) throws {
        try database.execute(
            "INSERT INTO habit_pauses (habit_id, from_day, to_day) VALUES (?, ?, ?)",
            [.text(habitID), .day(pause.from), .day(pause.to)])
    }

    /// Removes the pause that starts on `from`.
    public func deletePause(from: LocalDay, habitID: String) throws {
        guard
            try database.delete(
                from: "habit_pauses", where: [.equal("habit_id", .text(habitID)), .equal("from_day", .day(from))]) == 1
        else { throw AppError(code: "habits.not_paused", message: "no pause starts on \(from)", field: "from") }
    }

    /// Sets a day's total.
    public func setAmount(_ total: Double?, on day: LocalDay, habitID: String, at now: Instant) throws {
        try set(
            table: "habit_amounts", column: "total", value: total.map(SQLValue.double), day: day, habitID: habitID,
            now: now)
    }

    /// The notes, skips and pauses of `ownerID`'s habits on `day`.
    public func marks(ownedBy ownerID: String, on day: LocalDay) throws -> HabitDayMarks {
        var marks = HabitDayMarks()
        let key: [SQLValue] = [.text(ownerID), .day(day)]
        try database.forEach(
            """
            SELECT n.habit_id, n.body FROM habit_notes n JOIN habits h ON h.id = n.habit_id
            WHERE h.owner_id = ? AND n.day = ?
            """, key
        ) { row in marks.notes[try row.string(0)] = try row.string(1) }
        try database.forEach(
            """
            SELECT s.habit_id FROM habit_skips s JOIN habits h ON h.id = s.habit_id
            WHERE h.owner_id = ? AND s.day = ?
            """, key
        ) { row in marks.skipped.insert(try row.string(0)) }
        try database.forEach(
            """
            SELECT p.habit_id FROM habit_pauses p JOIN habits h ON h.id = p.habit_id
            WHERE h.owner_id = ? AND p.from_day <= ? AND p.to_day >= ?
            """, key + [.day(day)]
        ) { row in marks.paused.insert(try row.string(0)) }
        return marks
    }

    /// Sets a day's note.
    public func setNote(_ text: String?, on day: LocalDay, habitID: String, at now: Instant) throws {
        try set(
            table: "habit_notes", column: "body", value: text.map(SQLValue.text), day: day, habitID: habitID, now: now)
    }

    // Update, else insert (inside the caller's transaction): the explicit two steps keep
    // the SQL portable and never hide which one happened.
    private func set(table: String, column: String, value: SQLValue?, day: LocalDay, habitID: String, now: Instant)
        throws
    {
        let key: [SQLValue] = [.text(habitID), .day(day)]
        guard let value else {
            try database.delete(from: table, where: [.equal("habit_id", key[0]), .equal("day", key[1])])
            return
        }
        let changed = try database.execute(
            "UPDATE \(table) SET \(column) = ?, updated_at = ? WHERE habit_id = ? AND day = ?",
            [value, .instant(now)] + key)
        if changed == 0 {
            try database.execute(
                "INSERT INTO \(table) (habit_id, day, \(column), updated_at) VALUES (?, ?, ?, ?)",
                key + [value, .instant(now)])
        }
    }

    /// The measure in the three columns of `row` from `index`: unit, target, direction.
    private static func measure(_ row: Row, from index: Int32) throws -> HabitMeasure {
        HabitMeasure(
            unit: try row.string(index), target: try row.double(index + 1),
            atMost: try row.string(index + 2) == "at_most")
    }

    private static func columns(of frequency: HabitFrequency) -> (String, Int, Int, String) {
        switch frequency {
        case .daily: ("daily", 1, 1, "")
        case .perWeek(let times): ("week", times, 7, "")
        case .perMonth(let times): ("month", times, 30, "")
        case .inDays(let times, let days): ("days", times, days, "")
        case .weekdays(let days): ("weekdays", days.count, 7, days.sorted().map(String.init).joined(separator: ","))
        }
    }

    private static func frequency(kind: String, times: Int, days: Int, weekdays: String) throws -> HabitFrequency {
        switch kind {
        case "daily": return .daily
        case "week": return .perWeek(times: times)
        case "month": return .perMonth(times: times)
        case "days": return .inDays(times: times, days: days)
        case "weekdays":
            return .weekdays(Set(weekdays.split(separator: ",").compactMap { Int($0) }))
        default: throw StorageError(.corrupt, message: "a stored frequency has the kind '\(kind)'")
        }
    }
}
