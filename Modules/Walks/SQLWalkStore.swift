import Core
import Storage

/// Walk requests and logs in the SQL database, in portable SQL. Every answer is one
/// conditional UPDATE, so when two processes answer one request at once exactly one wins.
public struct SQLWalkStore: WalkStore {
    private let database: any Database

    /// A store over `database` (migrated with the Walks plugin's migrations).
    public init(database: any Database) { self.database = database }

    private static let columns =
        "id, sender_id, recipient_id, message, latitude, longitude, place_name, status, created_at"

    /// Stores a new request.
    public func insert(_ request: WalkRequest) throws {
        try database.execute(
            """
            INSERT INTO walk_requests (\(Self.columns), expires_at, seq)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM walk_requests))
            """,
            [
                .text(request.id), .text(request.senderID), .text(request.recipientID), .text(request.message),
                .double(request.latitude), .double(request.longitude), .text(request.placeName),
                .text(request.storedStatus.rawValue), .instant(request.createdAt), .instant(request.expiresAt),
            ])
    }

    /// The request with this id.
    public func request(id: String) throws -> WalkRequest? {
        try database.queryOne("SELECT \(Self.columns) FROM walk_requests WHERE id = ?", [.text(id)], Self.request)
    }

    /// Requests to (`incoming`) or from a user, newest first.
    public func requests(of userID: String, incoming: Bool) throws -> [WalkRequest] {
        try database.query(
            "SELECT \(Self.columns) FROM walk_requests WHERE \(incoming ? "recipient_id" : "sender_id") = ? "
                + "ORDER BY created_at DESC, seq DESC",
            [.text(userID)], Self.request)
    }

    /// Moves a pending, unexpired request to `status`; false when it was no longer pending.
    public func answer(id: String, with status: WalkStatus, at now: Instant) throws -> Bool {
        try database.execute(
            "UPDATE walk_requests SET status = ? WHERE id = ? AND status = 'pending' AND expires_at > ?",
            [.text(status.rawValue), .text(id), .instant(now)]) == 1
    }

    /// Cancels the pending, unexpired requests between two users, both ways; returns how many.
    @discardableResult
    public func cancelPending(between userID: String, and otherID: String, at now: Instant) throws -> Int {
        try database.execute(
            """
            UPDATE walk_requests SET status = 'cancelled'
            WHERE status = 'pending' AND expires_at > ?3
                AND ((sender_id = ?1 AND recipient_id = ?2) OR (sender_id = ?2 AND recipient_id = ?1))
            """, [.text(userID), .text(otherID), .instant(now)])
    }

    /// Stores a walk log.
    public func insert(_ log: WalkLog) throws {
        try database.execute(
            """
            INSERT INTO walk_logs (id, user_id, steps, distance, started_at, ended_at, seq)
            VALUES (?, ?, ?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM walk_logs))
            """,
            [
                .text(log.id), .text(log.userID), .int(log.steps), .double(log.distance), .instant(log.startedAt),
                .instant(log.endedAt),
            ])
    }

    /// A user's walk logs starting in [from, to), oldest first.
    public func logs(of userID: String, from: Instant?, to: Instant?) throws -> [WalkLog] {
        try database.query(
            """
            SELECT id, user_id, steps, distance, started_at, ended_at FROM walk_logs
            WHERE user_id = ? AND started_at >= ? AND started_at < ? ORDER BY started_at, seq
            """,
            [.text(userID), .int(from?.millisecondsSince1970 ?? Int.min), .int(to?.millisecondsSince1970 ?? Int.max)]
        ) { row in
            try WalkLog(
                id: try row.string(0), userID: try row.string(1), steps: try row.int(2), distance: try row.double(3),
                startedAt: try row.instant(4), endedAt: try row.instant(5))
        }
    }

    private static func request(_ row: Row) throws -> WalkRequest {
        try WalkRequest(
            id: try row.string(0), senderID: try row.string(1), recipientID: try row.string(2),
            message: try row.string(3), latitude: try row.double(4), longitude: try row.double(5),
            placeName: row.optionalString(6), storedStatus: WalkStatus(rawValue: try row.string(7)) ?? .pending,
            createdAt: try row.instant(8))
    }
}
