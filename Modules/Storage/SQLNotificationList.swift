import Core
import Time

/// The notification list over the `inbox` table (Core's schema, steps 3 and 14), in
/// portable SQL. A notification is shown to its recipient unless its actor and the
/// recipient are hidden from each other (`SQLBlockList.hidden`; on a server the inbox's
/// policy adds what a member cannot read of others' blocks) or its feature's
/// `NotificationSubject` says its subject is no longer there for them.
public struct SQLNotificationList: NotificationList {
    private let database: any Database
    /// What a row `n` of the reader `?1` must meet to be shown.
    private let visible: String

    /// The list over `database` (migrated with Core's schema), with the features' rules.
    public init(database: any Database, subjects: [NotificationSubject]) {
        self.database = database
        self.visible =
            ([SQLInbox.shown(actor: "n.actor_id")]
            + subjects.map(\.condition)).joined(separator: " AND ")
    }

    /// `userID`'s notifications after the first `offset`, newest first, at most `limit`.
    public func notifications(of userID: String, offset: Int, limit: Int) throws -> [NotificationEntry] {
        try database.query(
            """
            SELECT n.id, n.recipient_id, n.name, n.params, n.occurred_at, n.subject_id, u.name, n.read_at
            FROM inbox n LEFT JOIN users u ON u.id = n.actor_id
            WHERE n.recipient_id = ?1 AND \(visible) ORDER BY n.id DESC LIMIT ?2 OFFSET ?3
            """, [.text(userID), .int(max(limit, 0)), .int(max(offset, 0))]
        ) { row in
            NotificationEntry(
                entry: InboxEntry(
                    id: try row.int(0), recipientID: try row.string(1), name: try row.string(2),
                    params: SQLInbox.params(try row.string(3)), occurredAt: try row.instant(4)),
                subjectID: row.optionalString(5), actorName: row.optionalString(6),
                readAt: try row.optionalInstant(7))
        }
    }

    /// Marks one read, keeping the time of one read before.
    public func markRead(_ id: Int, of userID: String, at now: Instant) throws -> Bool {
        try database.execute(
            """
            UPDATE inbox AS n SET read_at = coalesce(n.read_at, ?2)
            WHERE n.recipient_id = ?1 AND n.id = ?3 AND \(visible)
            """, [.text(userID), .instant(now), .int(id)]) == 1
    }

    /// Marks every unread one the list shows read, in one statement.
    public func markAllRead(of userID: String, at now: Instant) throws -> Int {
        try database.execute(
            "UPDATE inbox AS n SET read_at = ?2 WHERE n.recipient_id = ?1 AND n.read_at IS NULL AND \(visible)",
            [.text(userID), .instant(now)])
    }

    /// Deletes one (through `app_delete` on a server).
    public func delete(_ id: Int, of userID: String) throws -> Bool {
        try database.delete(from: "inbox", where: [.equal("recipient_id", .text(userID)), .equal("id", .int(id))]) == 1
    }

    /// Deletes all of them, shown or not, in one statement.
    public func clear(of userID: String) throws -> Int {
        try database.delete(from: "inbox", where: [.equal("recipient_id", .text(userID))])
    }

    /// How many the list shows unread.
    public func unreadCount(of userID: String) throws -> Int {
        try database.queryOne(
            "SELECT count(*) FROM inbox n WHERE n.recipient_id = ?1 AND n.read_at IS NULL AND \(visible)",
            [.text(userID)]
        ) { try $0.int(0) } ?? 0
    }
}
