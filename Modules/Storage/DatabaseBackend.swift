#if canImport(Glibc)
    import Glibc
#endif

/// The database backends: what the composition root chooses from, and the parameter the
/// contract tests run every repository and route test over.
public enum DatabaseBackend: String, Sendable, CaseIterable, CustomStringConvertible {
    /// SQLite, in-process.
    case sqlite
    /// PostgreSQL 15, through libpq; for tests, the server named by `APP_SHELL_TEST_POSTGRES`.
    case postgres

    /// The environment variable naming the test server (a `postgresql://` URL), which
    /// `make test` sets (Tests/Support/postgres.sh).
    public static let testServerVariable = "APP_SHELL_TEST_POSTGRES"

    /// The test server's connection string, when one is configured.
    public static var testServer: String? {
        guard let value = getenv(testServerVariable) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    /// The backends the contract tests run against: every one that is at hand on this
    /// machine (SQLite always; PostgreSQL when `APP_SHELL_TEST_POSTGRES` is set).
    public static var available: [DatabaseBackend] { testServer == nil ? [.sqlite] : [.sqlite, .postgres] }

    /// Its name in test output.
    public var description: String { rawValue }

    /// A new, empty, private database of this backend, for tests and benchmarks: SQLite's
    /// `:memory:`; on PostgreSQL a new schema `t_<random>` on the test server, used first by
    /// every connection of the database and dropped when it is closed or goes away, so tests
    /// running in parallel never see each other's tables.
    /// - Throws: the backend's `storage.*` error when it cannot be opened;
    ///   `storage.unavailable` for PostgreSQL without `APP_SHELL_TEST_POSTGRES`.
    public func openScratch() throws -> any Database {
        switch self {
        case .sqlite: return try SQLiteDatabase(path: ":memory:")
        case .postgres: return try PostgresDatabase.scratch()
        }
    }
}
