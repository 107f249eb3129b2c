/// One step of a module's database schema, applied once, in version order.
///
/// Core only carries the text; Storage runs it. Versions of a module start at 1 and go up
/// by one; a migration never changes once released.
public struct Migration: Sendable, Equatable {
    /// The version this step brings the module to.
    public let version: Int
    /// What it does, for people reading the migration table.
    public let summary: String
    /// The SQL statements, run in one transaction with the module's other missing steps:
    /// SQLite's, and every backend's unless it has its own text below.
    public let sql: String
    /// PostgreSQL's statements where they must differ from `sql` (types, `WITHOUT ROWID`,
    /// rebuilding a table where PostgreSQL can alter it); nil when `sql` serves both.
    public var postgreSQL: String? { makePostgreSQL() }
    /// Makes `postgreSQL`: every start builds each module's steps (to learn its version), and
    /// a step of many generated constraints makes its text only when it runs.
    private let makePostgreSQL: @Sendable () -> String?

    /// Step `version` of a module; `postgreSQL` when PostgreSQL needs other text than `sql`.
    public init(version: Int, summary: String, sql: String, postgreSQL: String? = nil) {
        self.version = version
        self.summary = summary
        self.sql = sql
        self.makePostgreSQL = { postgreSQL }
    }

    /// Step `version` of a module run only on PostgreSQL (nothing on SQLite), whose text
    /// `makePostgreSQL` makes when the step runs.
    public init(version: Int, summary: String, makingPostgreSQL: @escaping @Sendable () -> String) {
        self.version = version
        self.summary = summary
        self.sql = ""
        self.makePostgreSQL = makingPostgreSQL
    }

    /// The same step: version, summary and both texts.
    public static func == (lhs: Migration, rhs: Migration) -> Bool {
        lhs.version == rhs.version && lhs.summary == rhs.summary && lhs.sql == rhs.sql
            && lhs.postgreSQL == rhs.postgreSQL
    }
}
