import Core
import Storage
import Time

/// Drops in the SQL database, in portable SQL; every change is one conditional `UPDATE`, so
/// when two processes act on one drop at once exactly one wins. On a set-up PostgreSQL
/// server (`mate_catch` in the schema) the `server...` operations call the database's
/// functions, and a drop read back is judged by the server's clock.
public struct SQLMateDropStore: MateDropStore {
    private let database: any Database
    /// Whether the schema has the server's drop functions (PostgreSQL set up by
    /// `admin.setup()`; never on SQLite), read once when the store is made, as the walk
    /// store decides whose clock judges.
    private let serverJudges: Bool
    /// The columns read; on a set-up server a drop alive past its end reads as expired by
    /// the server's clock.
    private let readColumns: String

    /// A store over `database` (migrated with the Mates plugin's migrations).
    public init(database: any Database) {
        self.database = database
        let judges =
            database.dialect.name == .postgreSQL
            && (try? database.queryOne("SELECT to_regprocedure('mate_catch(text)') IS NOT NULL") { try $0.bool(0) })
                == true
        serverJudges = judges
        let now = TableAccess.serverMilliseconds("clock_timestamp()")
        readColumns =
            judges
            ? Self.columns.replacing(
                "status,",
                with:
                    "CASE WHEN status IN ('waiting', 'caught') AND expires_at <= \(now) THEN 'expired' ELSE status END,"
            )
            : Self.columns
    }

    private static let columns =
        "id, code, dropper_id, catcher_id, words, status, created_at, expires_at, dropper_confirmed_at, "
        + "catcher_confirmed_at"

    private static func read(_ row: Row) throws -> MateDrop {
        MateDrop(
            id: try row.string(0), code: try row.string(1), dropperID: try row.string(2),
            catcherID: row.optionalString(3), words: row.optionalString(4),
            status: DropStatus(rawValue: try row.string(5)) ?? .expired, createdAt: try row.instant(6),
            expiresAt: try row.instant(7), dropperConfirmedAt: try row.optionalInstant(8),
            catcherConfirmedAt: try row.optionalInstant(9))
    }

    /// Stores the drop and cancels the dropper's earlier live ones.
    public func insert(_ drop: MateDrop, at now: Instant) throws {
        try database.execute(
            """
            UPDATE mate_drops SET status = 'cancelled', ended_at = ?
            WHERE dropper_id = ? AND status IN ('waiting', 'caught') AND expires_at > ?
            """, [.instant(now), .text(drop.dropperID), .instant(now)])
        try database.execute(
            """
            INSERT INTO mate_drops (id, code, dropper_id, status, created_at, expires_at)
            VALUES (?, ?, ?, 'waiting', ?, ?)
            """,
            [
                .text(drop.id), .text(drop.code), .text(drop.dropperID), .instant(drop.createdAt),
                .instant(drop.expiresAt),
            ])
    }

    /// How many drops `userID` made since `since`.
    public func dropsMade(by userID: String, since: Instant) throws -> Int {
        try database.queryOne(
            "SELECT count(*) FROM mate_drops WHERE dropper_id = ? AND created_at > ?", [.text(userID), .instant(since)]
        ) { try $0.int(0) } ?? 0
    }

    /// The drop `userID` is in.
    public func drop(id: String, for userID: String) throws -> MateDrop? {
        try database.queryOne(
            "SELECT \(readColumns) FROM mate_drops WHERE id = ? AND (dropper_id = ? OR catcher_id = ?)",
            [.text(id), .text(userID), .text(userID)], Self.read)
    }

    /// The waiting drop with this code.
    public func waitingDrop(code: String, at now: Instant) throws -> MateDrop? {
        try database.queryOne(
            "SELECT \(Self.columns) FROM mate_drops WHERE code = ? AND status = 'waiting' AND expires_at > ?",
            [.text(code), .instant(now)], Self.read)
    }

    /// Catches a waiting drop.
    public func markCaught(id: String, by catcherID: String, words: String, at now: Instant) throws -> Bool {
        try database.execute(
            """
            UPDATE mate_drops SET status = 'caught', catcher_id = ?, words = ?, caught_at = ?
            WHERE id = ? AND status = 'waiting' AND expires_at > ? AND dropper_id <> ?
            """, [.text(catcherID), .text(words), .instant(now), .text(id), .instant(now), .text(catcherID)]) == 1
    }

    /// Records a confirmation.
    public func markConfirmed(id: String, by userID: String, at now: Instant) throws -> MateDrop? {
        let changed = try database.execute(
            """
            UPDATE mate_drops SET
                dropper_confirmed_at = CASE WHEN dropper_id = ? THEN coalesce(dropper_confirmed_at, ?) ELSE dropper_confirmed_at END,
                catcher_confirmed_at = CASE WHEN catcher_id = ? THEN coalesce(catcher_confirmed_at, ?) ELSE catcher_confirmed_at END
            WHERE id = ? AND status = 'caught' AND expires_at > ? AND (dropper_id = ? OR catcher_id = ?)
            """,
            [
                .text(userID), .instant(now), .text(userID), .instant(now), .text(id), .instant(now), .text(userID),
                .text(userID),
            ])
        guard changed == 1 else { return nil }
        return try drop(id: id, for: userID)
    }

    /// Finishes a drop both confirmed.
    public func markFinished(id: String, at now: Instant) throws -> Bool {
        try database.execute(
            """
            UPDATE mate_drops SET status = 'finished', ended_at = ?
            WHERE id = ? AND status = 'caught' AND dropper_confirmed_at IS NOT NULL AND catcher_confirmed_at IS NOT NULL
            """, [.instant(now), .text(id)]) == 1
    }

    /// Cancels a live drop.
    public func markCancelled(id: String, by userID: String, at now: Instant) throws -> Bool {
        try database.execute(
            """
            UPDATE mate_drops SET status = 'cancelled', ended_at = ?
            WHERE id = ? AND status IN ('waiting', 'caught') AND expires_at > ? AND (dropper_id = ? OR catcher_id = ?)
            """, [.instant(now), .text(id), .instant(now), .text(userID), .text(userID)]) == 1
    }

    /// Stores `expired` on every live drop past its end (through the server's function on
    /// a set-up server, by its clock).
    @discardableResult
    public func expire(at now: Instant) throws -> Int {
        if serverJudges {
            return try database.queryOne("\(SQLDialect.writesMark) SELECT mate_drops_expire()") {
                try $0.int(0)
            } ?? 0
        }
        let expired = try database.execute(
            """
            UPDATE mate_drops SET status = 'expired', ended_at = expires_at
            WHERE status IN ('waiting', 'caught') AND expires_at <= ?
            """, [.instant(now)])
        _ = try database.execute(
            """
            DELETE FROM mate_drops WHERE status IN ('finished', 'cancelled', 'expired') AND ended_at < ?
            """, [.instant(now.adding(seconds: -ManageDrops.keptSeconds))])
        return expired
    }

    /// The earliest end of a live drop `userID` is in.
    public func nextExpiry(for userID: String) throws -> Instant? {
        try database.queryOne(
            """
            SELECT min(expires_at) FROM mate_drops
            WHERE status IN ('waiting', 'caught') AND (dropper_id = ? OR catcher_id = ?)
            """, [.text(userID), .text(userID)]
        ) { row in row.optionalInt(0).map(Instant.init(millisecondsSince1970:)) } ?? nil
    }

    /// A drop drawn by `mate_drop()`.
    public func serverDrop() throws -> MateDrop? {
        guard serverJudges else { return nil }
        guard let id = try database.queryOne("\(SQLDialect.writesMark) SELECT mate_drop()", { try $0.string(0) }) else {
            throw AppError.internal("mate_drop returned no row")
        }
        return try database.queryOne("SELECT \(readColumns) FROM mate_drops WHERE id = ?", [.text(id)], Self.read)
    }

    /// A catch judged by `mate_catch(code)`.
    public func serverCatch(code: String) throws -> DropCatch? {
        guard serverJudges else { return nil }
        guard
            let (outcome, id) = try database.queryOne(
                "\(SQLDialect.writesMark) SELECT catch_outcome, catch_drop FROM mate_catch(?)", [.text(code)],
                { (try $0.string(0), $0.optionalString(1)) })
        else { throw AppError.internal("mate_catch returned no row") }
        switch (outcome, id) {
        case ("caught", .some(let id)): return .caught(dropID: id)
        case ("too_many_attempts", _): return .tooManyAttempts
        case ("too_many_attempts_on_database", _): return .tooManyAttemptsOnDatabase
        default: return .failed
        }
    }

    /// A confirmation judged by `mate_drop_confirm(id)`.
    public func serverConfirm(id: String) throws -> Bool? {
        guard serverJudges else { return nil }
        return try database.queryOne("\(SQLDialect.writesMark) SELECT mate_drop_confirm(?)", [.text(id)]) {
            try $0.bool(0)
        } ?? false
    }

    /// A cancellation judged by `mate_drop_cancel(id)`.
    public func serverCancel(id: String) throws -> Bool? {
        guard serverJudges else { return nil }
        return try database.queryOne("\(SQLDialect.writesMark) SELECT mate_drop_cancel(?)", [.text(id)]) {
            try $0.bool(0)
        } ?? false
    }
}
