/// The database backends: what the composition root chooses from, and the parameter the
/// contract tests run every repository and route test over.
public enum DatabaseBackend: String, Sendable, CaseIterable, CustomStringConvertible {
    /// SQLite, in-process.
    case sqlite

    /// The backends the contract tests run against: every one that is at hand on this
    /// machine (SQLite always; a server backend when its test server is configured).
    public static var available: [DatabaseBackend] { allCases }

    /// Its name in test output.
    public var description: String { rawValue }

    /// A new, empty, private database of this backend, for tests and benchmarks: SQLite's
    /// `:memory:`, gone when closed.
    /// - Throws: the backend's `storage.*` error when it cannot be opened.
    public func openScratch() throws -> any Database {
        switch self {
        case .sqlite: try SQLiteDatabase(path: ":memory:")
        }
    }
}
