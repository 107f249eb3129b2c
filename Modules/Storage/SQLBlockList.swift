import Core
import Time

/// Blocks in `user_blocks`, in portable SQL.
public struct SQLBlockList: BlockList {
    private let database: any Database

    /// A block list over `database` (migrated with Core's schema).
    public init(database: any Database) { self.database = database }

    /// The ids of the people hidden from the viewer `viewer` (a placeholder: `?`, filled
    /// twice, or `?N`): those they blocked and those who blocked them.
    public static func hidden(viewer: String = "?") -> String {
        "SELECT blocked_id FROM user_blocks WHERE blocker_id = \(viewer) "
            + "UNION ALL SELECT blocker_id FROM user_blocks WHERE blocked_id = \(viewer)"
    }

    /// `column` names no one hidden from the viewer whose id fills the condition's two
    /// placeholders.
    public static func notHidden(_ column: String) -> String { "\(column) NOT IN (\(hidden()))" }

    /// Records the block.
    public func block(_ blockedID: String, by blockerID: String, at now: Instant) throws -> Bool {
        try database.execute(
            """
            INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?1, ?2, ?3)
            ON CONFLICT (blocker_id, blocked_id) DO NOTHING
            """, [.text(blockerID), .text(blockedID), .instant(now)]) == 1
    }

    /// Removes the block.
    public func unblock(_ blockedID: String, by blockerID: String) throws -> Bool {
        try database.delete(
            from: "user_blocks",
            where: [.equal("blocker_id", .text(blockerID)), .equal("blocked_id", .text(blockedID))]
        ) == 1
    }

    /// The people blocked, most recent first.
    public func blocked(by blockerID: String) throws -> [BlockedPerson] {
        try database.query(
            """
            SELECT u.id, u.name, u.created_at, b.created_at FROM user_blocks b JOIN users u ON u.id = b.blocked_id
            WHERE b.blocker_id = ? ORDER BY b.created_at DESC, u.name
            """, [.text(blockerID)]
        ) { row in
            BlockedPerson(
                user: User(id: try row.string(0), name: try row.string(1), createdAt: try row.instant(2)),
                since: try row.instant(3))
        }
    }

    /// Both sides, as far as the reader may read `user_blocks`.
    public func hiddenPeople(for userID: String) throws -> Set<String> {
        Set(try database.query(Self.hidden(viewer: "?1"), [.text(userID)]) { try $0.string(0) })
    }
}
