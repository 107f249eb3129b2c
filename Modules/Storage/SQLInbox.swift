import Core
import Formats
import Time

/// The inbox over the `inbox` table (Core's schema, step 3), in portable SQL. Rows are
/// written by triggers of the tables whose changes they report; this type only reads them
/// and marks them delivered. On a set-up PostgreSQL server row-level security lets each
/// member read and mark only their own rows.
public struct SQLInbox: Inbox {
    private let database: any Database

    /// The inbox of `database` (migrated with Core's schema).
    public init(database: any Database) { self.database = database }

    private static let columns = "id, recipient_id, name, params, occurred_at"
    /// An entry is left for its recipient `viewer` while its actor (`column`) and they are
    /// not hidden from each other (a block); on a server the inbox's policies say the same.
    static func shown(actor column: String = "actor_id", viewer: String = "?1") -> String {
        "(\(column) IS NULL OR \(column) NOT IN (\(SQLBlockList.hidden(viewer: viewer))))"
    }

    /// `userID`'s entries numbered above `after`, at or after `since`, oldest first.
    public func entries(of userID: String, after: Int?, since: Instant?, limit: Int) throws -> [InboxEntry] {
        try database.query(
            """
            SELECT \(Self.columns) FROM inbox
            WHERE recipient_id = ?1 AND id > ?2 AND occurred_at >= ?3 AND \(Self.shown()) ORDER BY id LIMIT ?4
            """,
            [
                .text(userID), .int(after ?? Int.min), .int(since?.millisecondsSince1970 ?? Int.min),
                .int(max(limit, 0)),
            ], Self.entry)
    }

    /// Whether `userID` has an entry no loop was handed yet.
    public func hasUndelivered(for userID: String) throws -> Bool {
        try database.queryOne(
            "SELECT 1 FROM inbox WHERE recipient_id = ?1 AND delivered_at IS NULL AND \(Self.shown()) LIMIT 1",
            [.text(userID)]
        ) { _ in true } ?? false
    }

    /// Marks up to `limit` undelivered entries delivered and returns them, oldest first. One
    /// conditional `UPDATE ... RETURNING`: of two loops racing, the second finds the rows
    /// delivered already (PostgreSQL checks the condition again after the row lock).
    public func claimUndelivered(of userID: String, at now: Instant, limit: Int, claim: String) throws
        -> [InboxEntry]
    {
        try database.query(
            """
            UPDATE inbox SET delivered_at = ?1, claim = ?4
            WHERE delivered_at IS NULL AND id IN (
                SELECT id FROM inbox WHERE recipient_id = ?2 AND delivered_at IS NULL
                    AND \(Self.shown(viewer: "?2")) ORDER BY id LIMIT ?3)
            RETURNING \(Self.columns)
            """, [.instant(now), .text(userID), .int(max(limit, 0)), .text(claim)], Self.entry
        ).sorted { $0.id < $1.id }
    }

    /// The entries claim `claim` took, oldest first (still only those the recipient may see).
    public func claimed(of userID: String, by claim: String) throws -> [InboxEntry] {
        try database.query(
            "SELECT \(Self.columns) FROM inbox WHERE recipient_id = ?1 AND claim = ?2 AND \(Self.shown()) ORDER BY id",
            [.text(userID), .text(claim)], Self.entry)
    }

    private static func entry(_ row: Row) throws -> InboxEntry {
        InboxEntry(
            id: try row.int(0), recipientID: try row.string(1), name: try row.string(2),
            params: params(try row.string(3)), occurredAt: try row.instant(4))
    }

    /// The payload: a JSON object whose strings are text and whose integers under keys
    /// ending in `_at` are instants (other numbers, and those outside the years 1 to 9999,
    /// become text); nulls and anything else are
    /// left out, as is a payload that is not an object (a row written by hand in `psql` by
    /// the table's owner). At most `InboxEntry.maximumParams` params.
    static func params(_ json: String) -> [(key: String, value: InboxEntry.Param)] {
        guard case .table(let object) = (try? JSONParser.parse(Array(json.utf8))) ?? .null else { return [] }
        var params: [(key: String, value: InboxEntry.Param)] = []
        for (key, value) in object where params.count < InboxEntry.maximumParams {
            switch value {
            case .string(let text): params.append((key, .text(text)))
            case .int(let number) where key.hasSuffix("_at"):
                // A number outside the years 1 to 9999 (a row written in `psql`) stays a number.
                params.append(
                    (key, Instant(checkedMillisecondsSince1970: number).map { .instant($0) } ?? .text(String(number))))
            case .int(let number): params.append((key, .text(String(number))))
            case .double(let number): params.append((key, .text(String(number))))
            default: continue
            }
        }
        return params
    }
}
