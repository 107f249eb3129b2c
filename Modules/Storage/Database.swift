import Core

/// A SQL database as repositories see it, whatever the backend (SQLite today; a
/// PostgreSQL one implements the same protocol). Repositories are written once against it,
/// in the portable SQL described in docs/architecture.md.
///
/// - Statements use `?` or `?NNN` placeholders; a backend with other placeholders rewrites
///   them once when it prepares the statement (`SQLDialect.translate`).
/// - The transaction in progress is implicit: everything run on a thread inside
///   `transaction { }` joins that transaction (SQLite: the one connection, held by a
///   re-entrant lock; a pooled backend: the connection its outermost transaction checked out
///   for that thread). Nested calls are savepoints that roll back alone.
/// - Implementations are classes shared between threads.
public protocol Database: TransactionRunner, AnyObject {
    /// What differs in the SQL this backend speaks.
    var dialect: SQLDialect { get }

    /// Runs one statement and returns the number of rows it inserted, updated or deleted
    /// itself (0 for a statement that is no INSERT, UPDATE or DELETE).
    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int

    /// Deletes the rows of `table` that meet every condition; returns how many went. Every
    /// delete of the app goes through here: a member of a shared server holds no `DELETE`
    /// on the tables, and a server backend then sends it to the server's `app_delete`
    /// function (docs/postgres-internals.md).
    @discardableResult
    func delete(from table: String, where conditions: [DeleteCondition]) throws -> Int

    /// Runs one statement for each row of arguments, prepared once (bulk inserts).
    func executeEach(_ sql: String, _ rows: [[SQLValue]]) throws

    /// Runs one statement `count` times, prepared once; `bind(index, binder)` binds the
    /// placeholders of run `index` (0 ..< count) in order, straight from the caller's values.
    func executeEach(_ sql: String, count: Int, _ bind: (Int, inout any SQLBinder) throws -> Void) throws

    /// As `executeEach(_:count:_:)`, for writes whose failure fails the whole transaction
    /// anyway (events): inside a transaction, a server backend may send them with the next
    /// statement or the COMMIT rather than wait for their answer now (a round trip saved), so
    /// an error surfaces there. Outside a transaction, and on SQLite, at once.
    func executeEachLater(_ sql: String, count: Int, _ bind: (Int, inout any SQLBinder) throws -> Void) throws

    /// A query whose rows are not needed before the transaction ends (a counter's
    /// `UPDATE ... RETURNING`): inside a transaction, a server backend sends it with the next
    /// statement or the COMMIT and calls `body` for each row when that answer arrives, which
    /// may be after the COMMIT; a failure of the query fails the transaction there, and
    /// `body` is then not called. Outside a transaction, and on SQLite, at once.
    func forEachLater(_ sql: String, _ arguments: [SQLValue], _ body: @escaping (Row) -> Void) throws

    /// Whether `executeEachLater` and `forEachLater` inside a transaction wait for the next
    /// statement or the COMMIT (a server backend, where that saves round trips) rather than
    /// run at once (SQLite).
    var defersLaterStatements: Bool { get }

    /// Runs a migration script: statements separated by semicolons, with no arguments.
    func executeScript(_ sql: String) throws

    /// Runs a query and maps each row.
    func query<Result>(_ sql: String, _ arguments: [SQLValue], _ map: (Row) throws -> Result) throws -> [Result]

    /// Runs a query and maps its first row, or returns nil when there is none.
    func queryOne<Result>(_ sql: String, _ arguments: [SQLValue], _ map: (Row) throws -> Result) throws -> Result?

    /// Calls `body` for each row without collecting them.
    func forEach(_ sql: String, _ arguments: [SQLValue], _ body: (Row) throws -> Void) throws

    /// Runs queries that do not depend on one another and calls each one's `body` for its
    /// rows, query by query in order: a server backend sends them all at once (one round
    /// trip), SQLite runs them one after another. A body may read what the bodies of the
    /// queries before it collected. The first error is thrown, and no row after it is
    /// handed out.
    func forEach(_ batch: [BatchQuery]) throws

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws;
    /// inside another transaction on the same thread, a savepoint.
    @discardableResult
    func transaction<Result>(_ body: () throws -> Result) throws -> Result

    /// Runs an outermost transaction only when no other thread is using the database;
    /// returns false at once otherwise (for the way out of the process).
    @discardableResult
    func transactionIfIdle(_ body: () throws -> Void) throws -> Bool

    /// Sets the hooks of every later outermost transaction.
    func setCommitHooks(_ hooks: CommitHooks?)

    /// Sets what runs just before `close()` closes (storing the buffered events).
    func setCloseHook(_ hook: (@Sendable (any Database) -> Void)?)

    /// Runs the close hook and closes; every later call throws `storage.closed`. Idempotent.
    func close()

    /// Whether `close()` ran.
    var isClosed: Bool { get }
}

extension Database {
    /// `DELETE FROM table WHERE ...`, run as it is.
    @discardableResult
    public func delete(from table: String, where conditions: [DeleteCondition]) throws -> Int {
        let statement = DeleteCondition.statement(from: table, where: conditions)
        return try execute(statement.sql, statement.arguments)
    }

    /// Binds through `[SQLValue]` rows, for a backend with no binder of its own.
    public func executeEach(_ sql: String, count: Int, _ bind: (Int, inout any SQLBinder) throws -> Void) throws {
        var rows: [[SQLValue]] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            var collector: any SQLBinder = SQLValueCollector()
            try bind(index, &collector)
            rows.append((collector as? SQLValueCollector)?.values ?? [])
        }
        try executeEach(sql, rows)
    }

    /// At once: a backend with no round trips to save.
    public func executeEachLater(
        _ sql: String, count: Int, _ bind: (Int, inout any SQLBinder) throws -> Void
    ) throws {
        try executeEach(sql, count: count, bind)
    }

    /// At once: a backend with no round trips to save.
    public func forEachLater(_ sql: String, _ arguments: [SQLValue], _ body: @escaping (Row) -> Void) throws {
        try forEach(sql, arguments) { body($0) }
    }

    /// False: a backend with no round trips to save runs them at once.
    public var defersLaterStatements: Bool { false }

    /// Runs one statement with no arguments.
    @discardableResult
    public func execute(_ sql: String) throws -> Int { try execute(sql, []) }

    /// Runs a query with no arguments and maps each row.
    public func query<Result>(_ sql: String, _ map: (Row) throws -> Result) throws -> [Result] {
        try query(sql, [], map)
    }

    /// Runs a query with no arguments and maps its first row.
    public func queryOne<Result>(_ sql: String, _ map: (Row) throws -> Result) throws -> Result? {
        try queryOne(sql, [], map)
    }

    /// Runs the queries one after another (a backend with no round trips to save).
    public func forEach(_ batch: [BatchQuery]) throws {
        for query in batch { try forEach(query.sql, query.arguments, query.body) }
    }

    /// Calls `body` for each row of a query with no arguments.
    public func forEach(_ sql: String, _ body: (Row) throws -> Void) throws { try forEach(sql, [], body) }
}
