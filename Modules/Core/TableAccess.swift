/// What members of a shared PostgreSQL server may do to one table, declared by the module
/// that makes the table, beside its schema: the grant to the members' group, the
/// row-level security policies, and whether the export document carries its rows.
///
/// `admin.setup()` gathers every module's declarations (`AppAssembly.tableAccess`), and
/// `app-shell --row-security-reference` writes them as docs/row-security.md. A test fails
/// when a table of the schema has no declaration, or a declaration names an export section
/// no module writes.
///
/// Grants are table-level `SELECT` and `INSERT` only: a table-level `UPDATE` or `DELETE`
/// would let a member `LOCK TABLE` it against everyone (PostgreSQL checks no more for
/// `LOCK`). Updates are granted column by column, which `LOCK` does not count, and deletes
/// go through the server's `app_delete` (`Database.delete(from:where:)`).
///
/// Policies use `me`, `(SELECT id FROM app_me)`: the id of the users row whose name is
/// `session_user`, evaluated once per statement (not `current_user`, so `SET ROLE` to the
/// members' group changes nothing). They apply to every role (`TO PUBLIC`), the owner
/// included (`FORCE`); an `ownerOnly` policy applies only to the tables' owner, for the
/// `SECURITY DEFINER` functions that write with the owner's rights.
public struct TableAccess: Sendable {
    /// One policy: `CREATE POLICY name ON table FOR command [TO owner] USING ... WITH CHECK ...`.
    public struct Policy: Sendable {
        /// The policy's name, unique in its table.
        public let name: String
        /// `SELECT`, `INSERT`, `UPDATE`, `DELETE` or `ALL`.
        public let command: String
        /// The `USING` expression, if any.
        public let using: String?
        /// The `WITH CHECK` expression, if any.
        public let check: String?
        /// Whether it applies only to the tables' owner (a definer function), not to PUBLIC.
        public let ownerOnly: Bool

        /// A policy of `command` with these expressions.
        public init(_ name: String, _ command: String, using: String?, check: String?, ownerOnly: Bool = false) {
            self.name = name
            self.command = command
            self.using = using
            self.check = check
            self.ownerOnly = ownerOnly
        }
    }

    /// Whether the export document carries the table's rows.
    public enum Export: Sendable, Equatable {
        /// In the section of this name (`PortableSection.name`).
        case section(String)
        /// Not exported, and why.
        case notExported(String)
    }

    /// The table.
    public let table: String
    /// The members' table-level privileges (`SELECT`, `SELECT, INSERT`), or nil for none.
    public let privileges: String?
    /// The columns members may `UPDATE`: none when nil, every column the table has when
    /// setup runs when empty.
    public let updates: [String]?
    /// Whether members delete rows (theirs, by the policies) through `app_delete`.
    public let deletes: Bool
    /// The policies, in the order setup creates them.
    public let policies: [Policy]
    /// Whether and where the export document carries the rows.
    public let export: Export
    /// What the policies say, in a line, for docs/row-security.md.
    public let summary: String

    /// A table's declaration.
    public init(
        _ table: String, privileges: String?, updates: [String]? = nil, deletes: Bool = false,
        policies: [Policy], export: Export, summary: String
    ) {
        self.table = table
        self.privileges = privileges
        self.updates = updates
        self.deletes = deletes
        self.policies = policies
        self.export = export
        self.summary = summary
    }

    /// A table of the members' own rows: they read, add, change (every column) and delete
    /// them.
    public static func readWrite(
        _ table: String, policies: [Policy], export: Export, summary: String
    ) -> TableAccess {
        TableAccess(
            table, privileges: "SELECT, INSERT", updates: [], deletes: true, policies: policies, export: export,
            summary: summary)
    }

    /// `(SELECT id FROM app_me)`: the acting member's user id, looked up once per statement
    /// (the server's view `app_me`).
    public static let me = "(SELECT id FROM app_me)"

    /// `column` names no one the acting member blocked or who blocked them: the server's
    /// view `app_hidden` (read with its owner's rights, once per statement) holds both sides
    /// of every block of theirs, which no member reads as rows.
    public static func notHidden(_ column: String) -> String { "\(column) <> ALL (ARRAY(SELECT id FROM app_hidden))" }

    /// One policy for every command over the rows whose `column` is the acting member's id.
    public static func ownerOnly(_ table: String, _ column: String) -> Policy {
        Policy("\(table)_owner", "ALL", using: "\(column) = \(me)", check: "\(column) = \(me)")
    }

    /// A PostgreSQL time function's value in milliseconds since 1970, as the app writes
    /// and compares instants.
    public static func serverMilliseconds(_ function: String) -> String {
        "CAST(floor(EXTRACT(EPOCH FROM \(function)) * 1000) AS BIGINT)"
    }

    /// The members' grant as docs/row-security.md says it: the privileges, the updatable
    /// columns (`UPDATE (all)` for every column) and `delete` when through `app_delete`.
    public var grantText: String {
        var parts = privileges.map { [$0] } ?? []
        if let updates {
            parts.append(updates.isEmpty ? "UPDATE (every column)" : "UPDATE (\(updates.joined(separator: ", ")))")
        }
        if deletes { parts.append("delete through app_delete") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}
