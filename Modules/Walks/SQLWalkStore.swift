import Core
import Storage
import Time

/// Walk requests and logs in the SQL database, in portable SQL. Every answer is one
/// conditional `UPDATE ... RETURNING` that names who may give it, so when two processes
/// answer one request at once exactly one wins, and nobody else's answer changes anything.
///
/// Whose clock judges a request's 60 seconds is chosen when the store is made: the app's
/// (`now` as the use case passes it; fixed by `--now` in tests and scripts), or the
/// database's, so people on machines whose clocks differ share one window: PostgreSQL's
/// `clock_timestamp()` when an answer is judged (read again if the update waited for
/// another's lock), `statement_timestamp()` when a request is made.
public struct SQLWalkStore: WalkStore {
    /// Whose clock says when a request was made and whether it has expired.
    public enum Judge: Sendable {
        /// The app's clock, as passed to each call.
        case app
        /// The database server's clock; every `now` passed in is ignored.
        case database
    }

    private let database: any Database
    private let judge: Judge

    /// A store over `database` (migrated with the Walks plugin's migrations), judging time
    /// by `judge`'s clock.
    public init(database: any Database, judge: Judge = .app) {
        self.database = database
        self.judge = judge
    }

    private static let columns =
        "id, sender_id, recipient_id, message, latitude, longitude, place_name, status, created_at"

    /// The database's current time in milliseconds since 1970; `stable` is the same in the
    /// whole statement, otherwise it is read when evaluated.
    private func databaseNow(stable: Bool) -> String {
        switch database.dialect.name {
        case .postgreSQL:
            "CAST(floor(EXTRACT(EPOCH FROM \(stable ? "statement_timestamp()" : "clock_timestamp()")) * 1000) AS BIGINT)"
        case .sqlite: "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
        }
    }

    /// `now` as SQL and its arguments: a placeholder numbered `position` for the app's
    /// clock, the database's own time (read when evaluated) otherwise.
    private func now(_ instant: Instant, position: Int) -> (sql: String, arguments: [SQLValue]) {
        switch judge {
        case .app: ("?\(position)", [.instant(instant)])
        case .database: (databaseNow(stable: false), [])
        }
    }

    /// The columns read back, the status last but one: a pending request past its window
    /// reads as `expired` by the database's clock when that clock judges.
    private var readColumns: String {
        switch judge {
        case .app: Self.columns
        case .database:
            "id, sender_id, recipient_id, message, latitude, longitude, place_name, "
                + "CASE WHEN status = 'pending' AND expires_at <= \(databaseNow(stable: true)) THEN 'expired' "
                + "ELSE status END, created_at"
        }
    }

    /// Sends a new request to the user `reference` names (`SQLUserRepository.referenced`:
    /// a name, in any case, or an id) in one conditional insert: only to someone else, only
    /// between mates (the Mates module's `mates`, which the walks' schema and policies read
    /// too) and, on SQLite, only while its sender made fewer than
    /// `WalkRequest.maximumPerMinute` in the minute before (PostgreSQL's trigger counts
    /// there, and refuses with `WalksSchema.rateMessage`). Returns it as stored, with its
    /// recipient read by the same statement; nil when it was not stored. By the database's
    /// clock, made now by that clock. `request.recipientID` is not read.
    public func send(_ request: WalkRequest, to reference: String) throws -> SentWalkRequest? {
        var arguments: [SQLValue] = [
            .text(request.id), .text(request.senderID), .text(reference), .text(request.message),
            .double(request.latitude), .double(request.longitude), .text(request.placeName),
            .text(request.storedStatus.rawValue),
        ]
        let created: String
        let expires: String
        switch judge {
        case .app:
            created = "?9"
            expires = "?10"
            arguments += [.instant(request.createdAt), .instant(request.expiresAt)]
        case .database:
            created = databaseNow(stable: true)
            expires = "\(created) + \(WalkRequest.replyWindow * 1000)"
        }
        let seq = database.dialect.nextSeq(of: "walk_requests")
        // PostgreSQL's trigger (`WalksSchema.rate`) counts for every writer, in psql too.
        let rate =
            database.dialect.name == .sqlite
            ? "AND (SELECT count(*) FROM walk_requests r WHERE r.sender_id = ?2 AND r.created_at > \(created) - 60000) "
                + "< \(WalkRequest.maximumPerMinute)"
            : ""
        func recipient(_ column: String) -> String {
            "(SELECT \(column) FROM users WHERE users.id = walk_requests.recipient_id)"
        }
        guard
            let stored = try database.queryOne(
                """
                INSERT INTO walk_requests (\(Self.columns), expires_at\(seq.column))
                SELECT ?1, ?2, u.id, ?4, ?5, ?6, ?7, ?8, \(created), \(expires)\(seq.value)
                FROM (\(SQLUserRepository.referenced("?3"))) u
                WHERE u.id <> ?2 AND EXISTS (SELECT 1 FROM mates m WHERE m.user_id = ?2 AND m.mate_id = u.id) \(rate)
                RETURNING created_at, recipient_id, \(recipient("name")), \(recipient("created_at"))
                """, arguments,
                { row in
                    (
                        createdAt: try row.instant(0), recipientID: try row.string(1),
                        recipient: try row.optionalString(2).map { name in
                            User(id: try row.string(1), name: name, createdAt: try row.instant(3))
                        }
                    )
                })
        else { return nil }
        return SentWalkRequest(
            request: try WalkRequest(
                id: request.id, senderID: request.senderID, recipientID: stored.recipientID, message: request.message,
                latitude: request.latitude, longitude: request.longitude, placeName: request.placeName,
                storedStatus: request.storedStatus,
                createdAt: judge == .database ? stored.createdAt : request.createdAt,
                statusJudged: judge == .database),
            recipient: stored.recipient)
    }

    /// How many requests `userID` made in the 60 seconds before `now`, through the sender
    /// index (by the database's clock, the statement's time: a constant the index can range on).
    public func sentInLastMinute(by userID: String, at now: Instant) throws -> Int {
        let (instant, arguments) =
            judge == .app ? ("?2", [SQLValue.instant(now)]) : (databaseNow(stable: true), [SQLValue]())
        return try database.queryOne(
            "SELECT count(*) FROM walk_requests WHERE sender_id = ?1 AND created_at > CAST(\(instant) AS BIGINT) - 60000",
            [.text(userID)] + arguments
        ) { try $0.int(0) } ?? 0
    }

    /// The request with this id.
    public func request(id: String) throws -> WalkRequest? {
        try database.queryOne("SELECT \(readColumns) FROM walk_requests WHERE id = ?", [.text(id)], readRequest)
    }

    /// Requests to (`incoming`) or from a user, newest first.
    public func requests(of userID: String, incoming: Bool) throws -> [WalkRequest] {
        try database.query(
            "SELECT \(readColumns) FROM walk_requests WHERE \(incoming ? "recipient_id" : "sender_id") = ? "
                + "ORDER BY created_at DESC, seq DESC",
            [.text(userID)], readRequest)
    }

    /// Moves a pending, unexpired request to `status` when `userID` may give that answer, and
    /// accepts it only while the two are mates; one conditional update, the answered row
    /// returned by it; nil when nothing changed.
    public func answer(id: String, with status: WalkStatus, by userID: String, at now: Instant) throws
        -> AnsweredWalkRequest?
    {
        // Only the recipient accepts or declines; only the sender cancels.
        let answerer = status == .cancelled ? "sender_id" : "recipient_id"
        let (clock, clockArguments) = self.now(now, position: 4)
        // Removing a mate cancels their pending requests; this catches an acceptance racing
        // that removal.
        let stillMates =
            status == .accepted
            ? " AND EXISTS (SELECT 1 FROM mates m WHERE m.user_id = walk_requests.sender_id "
                + "AND m.mate_id = walk_requests.recipient_id)" : ""
        return try database.queryOne(
            """
            UPDATE walk_requests SET status = ?1, answered_at = \(clock)
            WHERE id = ?2 AND \(answerer) = ?3 AND status = 'pending' AND expires_at > \(clock)\(stillMates)
            RETURNING \(Self.columns),
                (SELECT name FROM users WHERE users.id = walk_requests.sender_id),
                (SELECT name FROM users WHERE users.id = walk_requests.recipient_id)
            """, [.text(status.rawValue), .text(id), .text(userID)] + clockArguments
        ) { row in
            let request = try readRequest(row)
            var names: [String: String] = [:]
            names[request.senderID] = row.optionalString(9)
            names[request.recipientID] = row.optionalString(10)
            return AnsweredWalkRequest(request: request, names: names)
        }
    }

    /// Cancels the pending, unexpired requests between two users, both ways; returns how many.
    @discardableResult
    public func cancelPending(between userID: String, and otherID: String, at now: Instant) throws -> Int {
        let (clock, clockArguments) = self.now(now, position: 3)
        return try database.execute(
            """
            UPDATE walk_requests SET status = 'cancelled'
            WHERE status = 'pending' AND expires_at > \(clock)
                AND ((sender_id = ?1 AND recipient_id = ?2) OR (sender_id = ?2 AND recipient_id = ?1))
            """, [.text(userID), .text(otherID)] + clockArguments)
    }

    /// Stores `expired` on every pending request whose window has closed by `now` (whoever's:
    /// each is a fact, and its trigger tells the sender); returns how many. On a set-up
    /// server members may not store `expired` themselves: `walk_requests_expire` does it
    /// with the owner's rights, and never earlier than the server's own clock says.
    @discardableResult
    public func expirePending(at now: Instant) throws -> Int {
        if database.dialect.name == .postgreSQL,
            try database.queryOne(
                "SELECT to_regprocedure('walk_requests_expire(bigint)') IS NOT NULL", [], { try $0.bool(0) }) == true
        {
            // By the server's clock alone when it judges; else the earlier of the two.
            let limit = judge == .database ? Int.max : now.millisecondsSince1970
            return try database.queryOne(
                "\(SQLDialect.writesMark) SELECT walk_requests_expire(?)", [.int(limit)]
            ) { try $0.int(0) } ?? 0
        }
        let (clock, clockArguments) = self.now(now, position: 1)
        return try database.execute(
            "UPDATE walk_requests SET status = 'expired' WHERE status = 'pending' AND expires_at <= \(clock)",
            clockArguments)
    }

    /// The earliest window end of a pending request `userID` sent, closed already or not.
    public func nextExpiry(sentBy userID: String) throws -> Instant? {
        try database.queryOne(
            "SELECT min(expires_at) FROM walk_requests WHERE status = 'pending' AND sender_id = ?", [.text(userID)]
        ) { row in row.optionalInt(0).map(Instant.init(millisecondsSince1970:)) } ?? nil
    }

    /// The most points one `INSERT` carries (8 parameters each).
    static let pointsPerStatement = 500

    /// Stores a walk log and its route, in the caller's transaction: the points go in
    /// statements of `pointsPerStatement` rows.
    public func insert(_ log: WalkLog, route: [WalkRoutePoint]) throws {
        let seq = database.dialect.nextSeq(of: "walk_logs")
        try database.execute(
            """
            INSERT INTO walk_logs (id, user_id, steps, distance, started_at, ended_at\(seq.column))
            VALUES (?, ?, ?, ?, ?, ?\(seq.value))
            """,
            [
                .text(log.id), .text(log.userID), log.steps.map(SQLValue.int) ?? .null, .double(log.distance),
                .instant(log.startedAt), .instant(log.endedAt),
            ])
        var position = 0
        while position < route.count {
            let chunk = route[position..<min(route.count, position + Self.pointsPerStatement)]
            var values: [SQLValue] = []
            values.reserveCapacity(chunk.count * 8)
            for (offset, point) in chunk.enumerated() {
                values += [
                    .text(log.id), .text(log.userID), .int(position + offset), .int(point.segment),
                    .double(point.latitude), .double(point.longitude), point.elevation.map(SQLValue.double) ?? .null,
                    point.at.map(SQLValue.instant) ?? .null,
                ]
            }
            let rows = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", ")
            try database.execute(
                """
                INSERT INTO walk_route_points (walk_id, user_id, position, segment, latitude, longitude, elevation, at)
                VALUES \(rows)
                """, values)
            position += chunk.count
        }
    }

    private static let logColumns = "id, user_id, steps, distance, started_at, ended_at"

    private static func readLog(_ row: Row) throws -> WalkLog {
        try WalkLog(
            id: try row.string(0), userID: try row.string(1), steps: row.optionalInt(2), distance: try row.double(3),
            startedAt: try row.instant(4), endedAt: try row.instant(5))
    }

    /// A user's walk logs starting in [from, to), newest first.
    public func logs(of userID: String, from: Instant?, to: Instant?) throws -> [WalkLog] {
        try database.query(
            """
            SELECT \(Self.logColumns) FROM walk_logs
            WHERE user_id = ? AND started_at >= ? AND started_at < ? ORDER BY started_at DESC, seq DESC
            """,
            [.text(userID), .int(from?.millisecondsSince1970 ?? Int.min), .int(to?.millisecondsSince1970 ?? Int.max)],
            Self.readLog)
    }

    /// The user's walk log with this id.
    public func log(id: String, userID: String) throws -> WalkLog? {
        try database.queryOne(
            "SELECT \(Self.logColumns) FROM walk_logs WHERE id = ? AND user_id = ?", [.text(id), .text(userID)],
            Self.readLog)
    }

    /// Whether the user has a walk from `startedAt` to `endedAt`.
    public func hasLog(of userID: String, startedAt: Instant, endedAt: Instant) throws -> Bool {
        try database.queryOne(
            "SELECT 1 FROM walk_logs WHERE user_id = ? AND started_at = ? AND ended_at = ?",
            [.text(userID), .instant(startedAt), .instant(endedAt)]
        ) { _ in true } ?? false
    }

    /// The routes of the user's walks with these ids, in one statement.
    public func routes(of walkIDs: [String], userID: String) throws -> [String: [WalkRoutePoint]] {
        var rows: [(String, WalkRoutePoint)] = []
        for chunk in database.dialect.chunks(of: walkIDs) {
            let list = database.dialect.inList("walk_id", chunk.map(SQLValue.text))
            rows += try database.query(
                """
                SELECT walk_id, segment, latitude, longitude, elevation, at FROM walk_route_points
                WHERE user_id = ? AND \(list.sql) ORDER BY walk_id, position
                """, [.text(userID)] + list.arguments
            ) { row in
                (
                    try row.string(0),
                    WalkRoutePoint(
                        latitude: try row.double(2), longitude: try row.double(3), elevation: row.optionalDouble(4),
                        at: try row.optionalInstant(5), segment: try row.int(1))
                )
            }
        }
        var routes: [String: [WalkRoutePoint]] = [:]
        for (id, point) in rows { routes[id, default: []].append(point) }
        return routes
    }

    /// A request read back; by the database's clock, its status judged by that clock
    /// (`readColumns`), which no machine's clock judges again.
    private func readRequest(_ row: Row) throws -> WalkRequest {
        try WalkRequest(
            id: try row.string(0), senderID: try row.string(1), recipientID: try row.string(2),
            message: try row.string(3), latitude: try row.double(4), longitude: try row.double(5),
            placeName: row.optionalString(6), storedStatus: WalkStatus(rawValue: try row.string(7)) ?? .pending,
            createdAt: try row.instant(8), statusJudged: judge == .database)
    }
}
