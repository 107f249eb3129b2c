import CSQLite
import Core
import Synchronization

/// The SQLite implementation of `Database`: one connection, safe to share between threads.
///
/// - Opens a file (created if missing) or `:memory:`, in WAL mode with foreign keys on
///   and a 5-second busy timeout, so two processes on one file wait for each other
///   instead of failing with "database is locked".
/// - `synchronous = NORMAL`: in WAL mode a committed transaction survives a crash of the
///   app; only a power cut can lose the last commits, and never corrupts the file.
/// - Statements are prepared once and cached by their SQL text.
/// - The transaction in progress is the one this thread opened: a thread holding the
///   re-entrant lock owns the connection, so everything it runs joins its transaction
///   (see docs/architecture.md).
/// - `transaction { }` commits when the closure returns and rolls back when it throws;
///   nested calls become savepoints. Calls on one thread re-enter the connection, so the
///   repositories a use case calls inside its transaction join it.
/// - A new database file is created 0600 (its `-wal` and `-shm` follow it).
/// - `close()` checkpoints and closes; a file database still open when the process exits
///   (any way: a return from main, `exit`, Lua's `os.exit`) is closed then, so the `.db`
///   file alone holds every commit and can be copied. `backup(to:)` copies a live database.
public final class SQLiteDatabase: Database {
    let connection: RecursiveLock<Connection>
    /// The path it was opened with.
    public let path: String
    /// Where each outermost transaction is recorded as an interval, if anywhere.
    public let signposter: Signposter?
    private let commitHooks = Mutex<CommitHooks?>(nil)
    private let closeHook = Mutex<(@Sendable (any Database) -> Void)?>(nil)

    /// Opens (or creates) the database at `path`; `:memory:` for a private one.
    /// - Parameter signposter: records an interval per transaction when given.
    /// - Throws: `storage.open_failed`, or a storage error from the setup pragmas.
    public init(path: String, signposter: Signposter? = nil) throws {
        let connection = try Connection(path: path)
        sqlite3_busy_timeout(connection.handle, 5000)
        try connection.runScript("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;")
        let mode = try Self.enableWAL(on: connection)
        guard mode == "wal" || mode == "memory" else {
            throw StorageError(.openFailed, message: "cannot use WAL mode for \(path) (got \(mode))")
        }
        self.connection = RecursiveLock(connection)
        self.path = path
        self.signposter = signposter
        if path != ":memory:" && !path.isEmpty { OpenDatabases.shared.add(self) }
    }

    /// Sets what runs just before `close()` closes (storing the buffered events).
    public func setCloseHook(_ hook: (@Sendable (any Database) -> Void)?) { closeHook.withLock { $0 = hook } }

    /// Runs the close hook, checkpoints and closes the connection; every later call
    /// throws `storage.closed`. Idempotent.
    public func close() {
        connection.withLock { closeLocked($0) }
    }

    /// `close()` at process exit: skipped when another thread holds the connection or a
    /// transaction is open (SQLite rolls that back and the `-wal` keeps every commit), so
    /// exiting never waits on a running route.
    func closeAtExit() {
        connection.withLockIfAvailable { connection in
            guard connection.transactionDepth == 0 else { return }
            closeLocked(connection)
        }
    }

    /// Runs the hook (which may use the database: the lock is re-entrant) once, then closes.
    private func closeLocked(_ connection: Connection) {
        guard !connection.isClosed else { return }
        let hook = closeHook.withLock { hook in
            defer { hook = nil }
            return hook
        }
        hook?(self)
        connection.close()
    }

    /// Whether `close()` ran.
    public var isClosed: Bool { connection.withLock { $0.isClosed } }
    /// Switching a new file to WAL takes a lock that SQLite's busy handler does not wait
    /// for, so two processes opening one new file at once retry here, within the same
    /// 5 seconds the busy timeout allows.
    private static func enableWAL(on connection: Connection) throws -> String {
        var waited = 0
        while true {
            do {
                var mode = ""
                try connection.run("PRAGMA journal_mode = WAL", []) { row in mode = try row.string(0) }
                return mode
            } catch let error as StorageError where error.failure == .busy && waited < 5000 {
                sqlite3_sleep(10)
                waited += 10
            }
        }
    }

    /// Sets the hooks of every later outermost transaction.
    public func setCommitHooks(_ hooks: CommitHooks?) { commitHooks.withLock { $0 = hooks } }

    /// Runs one statement and returns the number of rows it inserted, updated or deleted
    /// itself (rows changed by triggers and cascading foreign keys are not counted; 0 for a
    /// statement that is no INSERT, UPDATE or DELETE).
    @discardableResult
    public func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        try connection.withLock { connection in
            // sqlite3_changes keeps the count of the last INSERT, UPDATE or DELETE, even after
            // other statements; the total tells whether this statement changed anything.
            let before = connection.totalChanges
            try connection.run(sql, arguments) { _ in }
            guard connection.totalChanges != before else { return 0 }
            return Int(sqlite3_changes64(connection.handle))
        }
    }

    /// Runs one statement for each row of arguments, prepared once (bulk inserts).
    /// Outside a transaction the runs share one of their own, so a run that fails leaves
    /// none of the rows, as on PostgreSQL.
    public func executeEach(_ sql: String, _ rows: [[SQLValue]]) throws {
        try connection.withLock { connection in try connection.atomically { try $0.runEach(sql, rows) } }
    }

    /// Runs one statement `count` times, prepared once, binding straight from the caller's
    /// values (bulk inserts).
    public func executeEach(_ sql: String, count: Int, _ bind: (Int, inout any SQLBinder) throws -> Void) throws {
        try connection.withLock { connection in try connection.atomically { try $0.runEach(sql, count: count, bind) } }
    }

    /// Runs several statements separated by semicolons (a schema), with no arguments.
    public func executeScript(_ sql: String) throws {
        try connection.withLock { try $0.runScript(sql) }
    }

    /// Runs a query and maps each row.
    public func query<Result>(
        _ sql: String, _ arguments: [SQLValue], _ map: (Row) throws -> Result
    ) throws -> [Result] {
        try connection.withLock { connection in
            var results: [Result] = []
            try connection.run(sql, arguments) { row in results.append(try map(row)) }
            return results
        }
    }

    /// Runs a query and maps its first row, or returns nil when there is none.
    public func queryOne<Result>(
        _ sql: String, _ arguments: [SQLValue], _ map: (Row) throws -> Result
    ) throws -> Result? {
        try connection.withLock { connection in
            var result: Result?
            try connection.run(sql, arguments) { row in
                if result == nil { result = try map(row) }
            }
            return result
        }
    }

    /// Calls `body` for each row without collecting them.
    public func forEach(_ sql: String, _ arguments: [SQLValue], _ body: (Row) throws -> Void) throws {
        try connection.withLock { try $0.run(sql, arguments, row: body) }
    }

    /// The rowid of the last row inserted on this connection (SQLite only: code written
    /// against `Database` uses `RETURNING`).
    public var lastInsertRowID: Int {
        connection.withLock { $0.isClosed ? 0 : Int(sqlite3_last_insert_rowid($0.handle)) }
    }

    /// SQLite's dialect.
    public var dialect: SQLDialect { .sqlite }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { connection.withLock { $0.transactionDepth > 0 } }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// The outermost transaction is `BEGIN IMMEDIATE`, taking the write lock at once (a
    /// deferred one could fail to upgrade under another process's write); a nested call is
    /// a savepoint that rolls back alone.
    @discardableResult
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try connection.withLock { connection in
            let depth = connection.transactionDepth
            let savepoint = "appshell_\(depth)"
            let token = depth == 0 ? signposter?.begin("transaction", category: "storage") : nil
            defer { if let token { signposter?.end(token) } }
            // Prepared once and cached, like every statement.
            try connection.run(depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT \(savepoint)", []) { _ in }
            connection.transactionDepth += 1
            defer { connection.transactionDepth -= 1 }
            let result: Result
            do {
                result = try body()
            } catch {
                try? connection.runScript(
                    depth == 0 ? "ROLLBACK" : "ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
                throw error
            }
            let hooks = depth == 0 ? commitHooks.withLock { $0 } : nil
            do {
                try hooks?.beforeCommit()
                try connection.run(depth == 0 ? "COMMIT" : "RELEASE \(savepoint)", []) { _ in }
            } catch {
                try? connection.runScript(depth == 0 ? "ROLLBACK" : "ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
                hooks?.afterRollback()
                throw error
            }
            hooks?.afterCommit()
            return result
        }
    }

    /// Runs an outermost `transaction(body)` only when no other thread is using the
    /// connection; returns false at once otherwise. For the way out of the process (an
    /// `atexit` handler, a signal), where waiting on a thread that is stopped mid-call
    /// would hang the exit instead of ending it.
    @discardableResult
    public func transactionIfIdle(_ body: () throws -> Void) throws -> Bool {
        try connection.withLockIfAvailable { _ in try transaction(body) } != nil
    }
}
