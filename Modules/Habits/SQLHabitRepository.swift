import Core
import Storage

/// Habits in the `habits` and `habit_periods` tables.
public struct SQLHabitRepository: HabitRepository {
    private let database: any Database

    /// A repository over `database` (migrated with the Habits plugin's migrations).
    public init(database: any Database) { self.database = database }

    static let columns = "id, owner_id, name, start_day, created_at, updated_at"

    /// Every habit of `ownerID`, oldest first.
    public func habits(ownedBy ownerID: String) throws -> [Habit] {
        var periods: [String: [TrackingPeriod]] = [:]
        try database.forEach(
            """
            SELECT p.habit_id, p.start_day, p.end_day FROM habit_periods p
            JOIN habits h ON h.id = p.habit_id WHERE h.owner_id = ? ORDER BY p.habit_id, p.position
            """, [.text(ownerID)]
        ) { row in
            periods[try row.string(0), default: []].append(try Self.period(row, from: 1))
        }
        return try database.query(
            "SELECT \(Self.columns) FROM habits WHERE owner_id = ? ORDER BY created_at, seq, id", [.text(ownerID)]
        ) { row in try Self.habit(row, periods: periods[try row.string(0)] ?? []) }
    }

    /// The habit with this id, if `ownerID` owns it.
    public func habit(id: String, ownedBy ownerID: String) throws -> Habit? {
        try database.queryOne(
            "SELECT \(Self.columns) FROM habits WHERE id = ? AND owner_id = ?", [.text(id), .text(ownerID)]
        ) { row in try Self.habit(row, periods: try periods(of: id)) }
    }

    /// `ownerID`'s habits named exactly `name`.
    public func habits(named name: String, ownedBy ownerID: String) throws -> [Habit] {
        let rows = try database.query(
            "SELECT id FROM habits WHERE owner_id = ? AND name = ? ORDER BY created_at, seq, id",
            [.text(ownerID), .text(name)]
        ) { try $0.string(0) }
        return try rows.compactMap { try habit(id: $0, ownedBy: ownerID) }
    }

    /// The active habits of `ownerID` whose stored folded name is `folded`, and those stored
    /// before names were folded (NULL; the caller folds them). Only the last period of a
    /// habit may be open, so an open period marks an active habit.
    public func activeNameCandidates(folded: String, ownedBy ownerID: String) throws -> [(id: String, name: String)] {
        try database.query(
            """
            SELECT h.id, h.name FROM habits h
            WHERE h.owner_id = ?1 AND (h.name_folded = ?2 OR h.name_folded IS NULL)
                AND EXISTS (SELECT 1 FROM habit_periods p WHERE p.habit_id = h.id AND p.end_day IS NULL)
            """, [.text(ownerID), .text(folded)]
        ) { row in (try row.string(0), try row.string(1)) }
    }

    /// Stores a new habit and its periods in one transaction.
    public func insert(_ habit: Habit) throws {
        try database.transaction {
            do {
                let seq = database.dialect.nextSeq(of: "habits")
                try database.execute(
                    """
                    INSERT INTO habits (\(Self.columns), name_folded\(seq.column))
                    VALUES (?, ?, ?, ?, ?, ?, ?\(seq.value))
                    """,
                    [
                        .text(habit.id), .text(habit.ownerID), .text(habit.name), .day(habit.startDay),
                        .instant(habit.createdAt), .instant(habit.updatedAt), .text(habit.name.foldedForMatching),
                    ])
            } catch let error as StorageError where error.failure == .duplicate {
                throw AppError(code: "habits.exists", message: "a habit with id \(habit.id) exists")
            }
            try insertPeriods(of: habit)
        }
    }

    /// Replaces the name, the periods and the update instant of a stored habit.
    public func update(_ habit: Habit) throws {
        try database.transaction {
            let changed = try database.execute(
                "UPDATE habits SET name = ?, name_folded = ?, updated_at = ? WHERE id = ? AND owner_id = ?",
                [
                    .text(habit.name), .text(habit.name.foldedForMatching), .instant(habit.updatedAt),
                    .text(habit.id), .text(habit.ownerID),
                ])
            guard changed == 1 else { throw HabitError.notFound(habit.id) }
            try database.delete(from: "habit_periods", where: [.equal("habit_id", .text(habit.id))])
            try insertPeriods(of: habit)
        }
    }

    /// Removes a habit and its periods.
    public func delete(id: String) throws {
        guard try database.delete(from: "habits", where: [.equal("id", .text(id))]) == 1 else {
            throw HabitError.notFound(id)
        }
    }

    private func insertPeriods(of habit: Habit) throws {
        for (position, period) in habit.trackingPeriods.enumerated() {
            try database.execute(
                "INSERT INTO habit_periods (habit_id, position, start_day, end_day) VALUES (?, ?, ?, ?)",
                [.text(habit.id), .int(position), .day(period.start), .day(period.end)])
        }
    }

    private func periods(of habitID: String) throws -> [TrackingPeriod] {
        try database.query(
            "SELECT habit_id, start_day, end_day FROM habit_periods WHERE habit_id = ? ORDER BY position",
            [.text(habitID)]
        ) { row in try Self.period(row, from: 1) }
    }

    static func period(_ row: Row, from column: Int32) throws -> TrackingPeriod {
        let start = try row.day(column)
        let end = try row.optionalDay(column + 1)
        guard let period = TrackingPeriod(start: start, end: end) else {
            throw StorageError(
                .corrupt,
                message: "a stored tracking period ends (\(end.map(\.description) ?? "")) before it starts (\(start))")
        }
        return period
    }

    static func habit(_ row: Row, periods: [TrackingPeriod]) throws -> Habit {
        try Habit(
            id: try row.string(0), ownerID: try row.string(1), name: try row.string(2), startDay: try row.day(3),
            trackingPeriods: periods, createdAt: try row.instant(4), updatedAt: try row.instant(5))
    }
}
