import Core
import Storage

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

    /// Removes a completion by id.
    public func delete(id: String) throws {
        guard try database.execute("DELETE FROM habit_completions WHERE id = ?", [.text(id)]) == 1 else {
            throw AppError(code: "habits.not_completed", message: "no completion with id \(id)")
        }
    }

    /// Removes every completion of a habit.
    public func deleteAll(habitID: String) throws {
        try database.execute("DELETE FROM habit_completions WHERE habit_id = ?", [.text(habitID)])
    }

    private static func completion(_ row: Row) throws -> Completion {
        Completion(
            id: try row.string(0), habitID: try row.string(1), completedOn: try row.day(2),
            recordedAt: try row.instant(3))
    }
}
