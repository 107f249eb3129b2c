import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The file databases of this process, closed when it exits.
///
/// Without a close the commits of a session sit in the `-wal` file and a copy of the
/// `.db` alone is empty. `exit` (from main, or Lua's `os.exit`) runs the `atexit` handler
/// registered when the first file database opened, before any handler registered later
/// (they run in reverse order), and it closes every database still alive.
final class OpenDatabases: Sendable {
    static let shared = OpenDatabases()

    /// A database held weakly, so a test's database still goes away with its last use.
    private final class Entry: Sendable {
        weak let database: SQLiteDatabase?
        init(_ database: SQLiteDatabase) { self.database = database }
    }

    private let state = Mutex<(registered: Bool, entries: [Entry])>((false, []))

    func add(_ database: SQLiteDatabase) {
        let register = state.withLock { state in
            state.entries.removeAll { $0.database == nil }
            state.entries.append(Entry(database))
            defer { state.registered = true }
            return !state.registered
        }
        if register { atexit { OpenDatabases.shared.closeAll() } }
    }

    func closeAll() {
        let databases = state.withLock { state in state.entries.compactMap(\.database) }
        for database in databases { database.closeAtExit() }
    }
}
