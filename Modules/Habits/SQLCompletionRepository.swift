import Core
import Storage
import Time

/// Completions in the `habit_completions` table, unique per (habit, day).
public struct SQLCompletionRepository: CompletionRepository {
    private let database: any Database

    /// A repository over `database` (migrated with the Habits plugin's migrations).
    public init(database: any Database) { self.database = database }

    /// The completions of a habit in a range of days, by day.
    public func completions(habitID: String, from: LocalDay?, to: LocalDay?) throws -> [Completion] {
        try database.query(
            """
            SELECT id, habit_id, completed_on, recorded_at FROM habit_completions
            WHERE habit_id = ? AND completed_on >= ? AND completed_on <= ? ORDER BY completed_on
            """, [.text(habitID), .text(from?.description ?? "0000"), .text(to?.description ?? "9999-99")],
            Self.completion)
    }

    /// The completion of a habit on a day.
    public func completion(habitID: String, on day: LocalDay) throws -> Completion? {
        try database.queryOne(
            "SELECT id, habit_id, completed_on, recorded_at FROM habit_completions WHERE habit_id = ? AND completed_on = ?",
            [.text(habitID), .day(day)], Self.completion)
    }

    /// The days a habit was completed on, in ascending order (read from the unique index).
    public func completedDays(habitID: String) throws -> [LocalDay] {
        try database.query(
            "SELECT completed_on FROM habit_completions WHERE habit_id = ? ORDER BY completed_on", [.text(habitID)]
        ) { try $0.day(0) }
    }

    /// The days each of these habits was completed on, by habit id, in ascending order: one
    /// statement (on SQLite, one per `SQLDialect.longestSQLiteList` habits).
    public func completedDays(habitIDs: some Collection<String>) throws -> [String: [LocalDay]] {
        var result: [String: [LocalDay]] = [:]
        for chunk in database.dialect.chunks(of: Array(Set(habitIDs))) {
            let (inList, arguments) = database.dialect.inList("habit_id", chunk.map(SQLValue.text))
            try database.forEach(
                "SELECT habit_id, completed_on FROM habit_completions WHERE \(inList) ORDER BY habit_id, completed_on",
                arguments
            ) { row in result[try row.string(0), default: []].append(try row.day(1)) }
        }
        return result
    }

    /// The completed days of every habit of `ownerID`, each in ascending order. The
    /// ORDER BY follows the owner index and the (habit, day) index, so SQLite sorts
    /// nothing, and rows come grouped by habit: the habit id is decoded once per habit.
    public func completedDays(ownedBy ownerID: String) throws -> [String: [LocalDay]] {
        var result: [String: [LocalDay]] = [:]
        var currentID = ""
        var currentBytes: [UInt8] = []
        var currentDays: [LocalDay] = []
        try database.forEach(
            """
            SELECT c.habit_id, c.completed_on FROM habits h
            JOIN habit_completions c ON c.habit_id = h.id
            WHERE h.owner_id = ? ORDER BY h.created_at, h.seq, h.id, c.completed_on
            """, [.text(ownerID)]
        ) { row in
            if !row.text(0, equals: currentBytes) {
                if !currentDays.isEmpty { result[currentID] = currentDays }
                currentID = try row.string(0)
                currentBytes = Array(currentID.utf8)
                currentDays = []
                currentDays.reserveCapacity(400)
            }
            currentDays.append(try row.day(1))
        }
        if !currentDays.isEmpty { result[currentID] = currentDays }
        return result
    }

    /// The ids of `ownerID`'s habits completed on `day`.
    public func completedHabitIDs(ownedBy ownerID: String, on day: LocalDay) throws -> Set<String> {
        Set(
            try database.query(
                """
                SELECT c.habit_id FROM habit_completions c JOIN habits h ON h.id = c.habit_id
                WHERE h.owner_id = ? AND c.completed_on = ?
                """, [.text(ownerID), .day(day)]
            ) { try $0.string(0) })
    }

    /// Stores a new completion.
    public func insert(_ completion: Completion) throws {
        do {
            try database.execute(
                "INSERT INTO habit_completions (id, habit_id, completed_on, recorded_at) VALUES (?, ?, ?, ?)",
                [
                    .text(completion.id), .text(completion.habitID), .day(completion.completedOn),
                    .instant(completion.recordedAt),
                ])
        } catch let error as StorageError where error.failure == .duplicate {
            throw AppError(
                code: "habits.already_completed",
                message: "the habit is already completed on \(completion.completedOn)",
                field: "on")
        }
    }

    /// The habits `attempt` may take, each row one period of one, with the habit's measure
    /// and completion on the day (NULLs when it has none), grouped by habit, oldest first.
    static let attemptRead = """
        SELECT h.id, h.owner_id, h.name, h.start_day, h.created_at, h.updated_at, p.start_day, p.end_day,
            m.unit, m.target, m.direction, c.id, c.recorded_at
        FROM habits h
        LEFT JOIN habit_periods p ON p.habit_id = h.id
        LEFT JOIN habit_measures m ON m.habit_id = h.id
        LEFT JOIN habit_completions c ON c.habit_id = h.id AND c.completed_on = ?3
        WHERE h.owner_id = ?1 AND (h.id = ?2 OR h.name = ?4)
        ORDER BY h.created_at, h.seq, h.id, p.position
        """

    /// The habit `h` the reference names, of owner ?1: the one with id ?2, else the only one
    /// named ?4, measureless.
    private static let namedMeasurelessHabit = """
        h.owner_id = ?1 AND h.id = coalesce(
                (SELECT i.id FROM habits i WHERE i.owner_id = ?1 AND i.id = ?2),
                (SELECT min(n.id) FROM habits n WHERE n.owner_id = ?1 AND n.name = ?4 HAVING count(*) = 1))
            AND NOT EXISTS (SELECT 1 FROM habit_measures m WHERE m.habit_id = h.id)
        """

    /// The completion, for the habit the reference names (the one with the id, else the
    /// only one of the name), unless it is measurable or done that day. The unique index on
    /// (habit, day) turns a completion of the day into no row (ON CONFLICT DO NOTHING),
    /// which `attempt` reports; nothing is ever replaced.
    static let attemptInsert = """
        INSERT INTO habit_completions (id, habit_id, completed_on, recorded_at)
        SELECT ?5, h.id, ?3, CAST(?6 AS BIGINT) FROM habits h
        WHERE \(namedMeasurelessHabit)
        ON CONFLICT DO NOTHING
        RETURNING habit_id
        """

    /// The completion, for the habit the reference names, when `RecordCompletion`'s rules
    /// allow it: the habit ?2 (`byID`: the habit with that id; else the only one of that
    /// name) of owner ?1, measureless, and the day (?3) from the habit's start to today (?6)
    /// and inside one of its tracking periods. Else the habit is NULL, which NOT NULL
    /// refuses; a completion of the day, the unique index on (habit, day). Days are
    /// `YYYY-MM-DD` text, ordered as the days are byte by byte (`COLLATE "C"` on
    /// PostgreSQL, whose default collation need not compare bytes). An id-shaped reference
    /// is looked up by id only (one index probe of `habits`, where the id-else-name lookup
    /// made two): a habit named like an id is refused here and found by `attempt`.
    static func recordableInsert(byID: Bool, collate: String) -> String {
        let habit =
            byID
            ? "h.id = ?2"
            : "h.id = (SELECT min(n.id) FROM habits n WHERE n.owner_id = ?1 AND n.name = ?2 HAVING count(*) = 1)"
        return """
            INSERT INTO habit_completions (id, habit_id, completed_on, recorded_at)
            VALUES (?4, (SELECT h.id FROM habits h
                    WHERE h.owner_id = ?1 AND \(habit)
                        AND NOT EXISTS (SELECT 1 FROM habit_measures m WHERE m.habit_id = h.id)
                        AND h.start_day\(collate) <= ?3 AND ?3\(collate) <= ?6
                        AND EXISTS (SELECT 1 FROM habit_periods p WHERE p.habit_id = h.id
                            AND p.start_day\(collate) <= ?3 AND (p.end_day IS NULL OR ?3\(collate) <= p.end_day))),
                ?3, CAST(?5 AS BIGINT))
            RETURNING habit_id
            """
    }

    /// `recordableInsert` for each dialect and lookup, made once.
    private static let recordableInserts = (
        sqlite: (byID: recordableInsert(byID: true, collate: ""), byName: recordableInsert(byID: false, collate: "")),
        postgreSQL: (
            byID: recordableInsert(byID: true, collate: " COLLATE \"C\""),
            byName: recordableInsert(byID: false, collate: " COLLATE \"C\"")
        )
    )

    /// Inserts completion `id` only when the rules allow it, queued to go with the
    /// transaction's `COMMIT` (one round trip on a server, `Database.forEachLater`);
    /// `inserted` gets the habit's id once it has gone in.
    public func insertIfRecordable(
        habitID: String?, name: String, ownerID: String, on day: LocalDay, today: LocalDay, id: String,
        recordedAt: Instant, inserted: @escaping (String) -> Void
    ) throws {
        let inserts =
            database.dialect.name == .postgreSQL ? Self.recordableInserts.postgreSQL : Self.recordableInserts.sqlite
        try database.forEachLater(
            habitID == nil ? inserts.byName : inserts.byID,
            [.text(ownerID), .text(habitID ?? name), .day(day), .text(id), .instant(recordedAt), .day(today)]
        ) { row in
            if let habit = row.optionalString(0) { inserted(habit) }
        }
    }

    /// Reads the habits `habitID` and `name` may name, with their periods, measures and
    /// completions on `day`, then inserts the completion for the one they name, in one batch
    /// (one round trip on a server).
    public func attempt(
        habitID: String?, name: String, ownerID: String, on day: LocalDay, id: String, recordedAt: Instant
    ) throws -> CompletionAttempt {
        typealias Fields = (owner: String, name: String, start: LocalDay, created: Instant, updated: Instant)
        var order: [String] = []
        var fields: [String: Fields] = [:]
        var periods: [String: [TrackingPeriod]] = [:]
        var measures: [String: HabitMeasure] = [:]
        var completions: [String: Completion] = [:]
        var insertedFor: String?
        let arguments: [SQLValue] = [.text(ownerID), habitID.map { .text($0) } ?? .null, .day(day), .text(name)]
        try database.forEach([
            BatchQuery(Self.attemptRead, arguments) { row in
                let habit = try row.string(0)
                if fields[habit] == nil {
                    order.append(habit)
                    fields[habit] = (
                        try row.string(1), try row.string(2), try row.day(3), try row.instant(4), try row.instant(5)
                    )
                    if let unit = row.optionalString(8) {
                        measures[habit] = HabitMeasure(
                            unit: unit, target: try row.double(9), atMost: try row.string(10) == "at_most")
                    }
                    if let completion = row.optionalString(11) {
                        completions[habit] = Completion(
                            id: completion, habitID: habit, completedOn: day, recordedAt: try row.instant(12))
                    }
                }
                if !row.isNull(6) { periods[habit, default: []].append(try SQLHabitRepository.period(row, from: 6)) }
            },
            BatchQuery(Self.attemptInsert, arguments + [.text(id), .instant(recordedAt)]) { row in
                insertedFor = try row.string(0)
            },
        ])
        var habitWithID: Habit?
        var habitsNamed: [Habit] = []
        for key in order {
            guard let read = fields[key] else { continue }
            let habit = try Habit(
                id: key, ownerID: read.owner, name: read.name, startDay: read.start,
                trackingPeriods: periods[key] ?? [], createdAt: read.created, updatedAt: read.updated)
            if key == habitID { habitWithID = habit }
            if habit.name == name { habitsNamed.append(habit) }
        }
        return CompletionAttempt(
            habitWithID: habitWithID, habitsNamed: habitsNamed, measures: measures, completions: completions,
            insertedFor: insertedFor)
    }

    /// Removes a completion by id.
    public func delete(id: String) throws {
        guard try database.delete(from: "habit_completions", where: [.equal("id", .text(id))]) == 1 else {
            throw AppError(code: "habits.not_completed", message: "no completion with id \(id)")
        }
    }

    /// Removes every completion of a habit.
    public func deleteAll(habitID: String) throws {
        try database.delete(from: "habit_completions", where: [.equal("habit_id", .text(habitID))])
    }

    private static func completion(_ row: Row) throws -> Completion {
        Completion(
            id: try row.string(0), habitID: try row.string(1), completedOn: try row.day(2),
            recordedAt: try row.instant(3))
    }
}
