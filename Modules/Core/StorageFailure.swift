/// What went wrong in storage, as a case the app can match, whatever the backend.
///
/// `SQLiteDatabase` (from SQLite's result codes) and `PostgresDatabase` (from SQLSTATEs)
/// raise the same cases, inside a `StorageError`, so a repository turns a taken unique key
/// into its own error (`habits.name_taken`, `users.exists`) by matching `.duplicate`,
/// never by comparing strings. `code` is the one place a case becomes the code people
/// and scripts see; those codes are a contract and do not change.
public enum StorageFailure: Sendable, Hashable, CaseIterable {
    /// A unique key or primary key is taken (SQLite `CONSTRAINT_UNIQUE`/`PRIMARYKEY`,
    /// PostgreSQL `23505`).
    case duplicate
    /// Another integrity rule refused the row: a foreign key, `NOT NULL`, `CHECK`.
    case constraint
    /// SQLite: another connection held the lock past the wait.
    case busy
    /// PostgreSQL: a serialization failure or deadlock; the transaction may be run again.
    case conflict
    /// The server or the connection to it is gone, or could not be made.
    case unavailable
    /// The connection was lost while a transaction's `COMMIT` was on its way: the server may
    /// have committed it or not, and nothing says which. Never retried by the app: running
    /// the same work again is safe only where it cannot make a second row.
    case outcomeUnknown
    /// The server refused the statement for want of a privilege or by a row policy.
    case forbidden
    /// The disk (or the server's) is full.
    case full
    /// Stored data is not what the schema promises: a damaged file, or a value the app
    /// cannot read back (a NULL where one is required, an unknown kind).
    case corrupt
    /// Reading or writing a file failed: permissions, a read-only file, an I/O error.
    case io
    /// The database was closed before the statement ran.
    case closed
    /// The database could not be opened.
    case openFailed
    /// A file that is only ever created new (a backup, an export) is already there.
    case exists
    /// The modules' migrations contradict each other: a repeated or unordered version.
    case badMigrations
    /// The database was migrated by a newer release than this one.
    case schemaTooNew
    /// Any other failure of the backend: a syntax error, a missing table.
    case other

    /// The contract's code for this failure (`storage.duplicate` ...), as `docs/lua-api.md`
    /// and `docs/postgres-internals.md` list them.
    public var code: String {
        switch self {
        case .duplicate: "storage.duplicate"
        case .constraint: "storage.constraint"
        case .busy: "storage.busy"
        case .conflict: "storage.conflict"
        case .unavailable: "storage.unavailable"
        case .outcomeUnknown: "storage.outcome_unknown"
        case .forbidden: "forbidden"
        case .full: "storage.full"
        case .corrupt: "storage.corrupt"
        case .io: "storage.io"
        case .closed: "storage.closed"
        case .openFailed: "storage.open_failed"
        case .exists: "storage.exists"
        case .badMigrations: "storage.bad_migrations"
        case .schemaTooNew: "storage.schema_too_new"
        case .other: "storage.error"
        }
    }
}
