import Core
import Storage
import Synchronization
import Testing

/// The `Database` protocol as every backend must keep it, run over each available backend.
@Suite struct DatabaseContractTests {
    private func table(_ backend: DatabaseBackend) throws -> any Database {
        let database = try backend.openScratch()
        let dialect = database.dialect
        try database.executeScript(
            dialect.schema(
                """
                CREATE TABLE items (seq INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, done \(dialect.booleanType) NOT NULL);
                """))
        return database
    }

    @Test(arguments: DatabaseBackend.available)
    func returningGivesTheNewRowsNumberAndBooleansRoundTrip(backend: DatabaseBackend) throws {
        let database = try table(backend)
        let first = try database.queryOne(
            "INSERT INTO items (name, done) VALUES (?, ?) RETURNING seq", [.text("책"), .bool(true)]
        ) { try $0.int(0) }
        let second = try database.queryOne(
            "INSERT INTO items (name, done) VALUES (?, ?) RETURNING seq", [.text("🐕"), .bool(false)]
        ) { try $0.int(0) }
        #expect(try #require(second) > (try #require(first)))
        #expect(try database.query("SELECT done FROM items ORDER BY seq") { try $0.bool(0) } == [true, false])
        let (list, arguments) = database.dialect.inList("name", [.text("🐕"), .text("x")])
        #expect(try database.query("SELECT name FROM items WHERE \(list)", arguments) { try $0.string(0) } == ["🐕"])
    }

    /// Bulk inserts bind each run's values in order, NULL for nil, in one prepared statement
    /// of several rows; a run that binds too few values changes nothing.
    @Test(arguments: DatabaseBackend.available)
    func executeEachBindsEachRunInOrderAndRefusesAShortRun(backend: DatabaseBackend) throws {
        let database = try table(backend)
        try database.executeScript("CREATE TABLE pairs (a INTEGER, b TEXT)")
        let rows: [(Int?, String?)] = [(1, "한글 🐈"), (nil, ""), (3, nil), (4, "d")]
        try database.executeEach("INSERT INTO pairs (a, b) VALUES (?, ?), (?, ?)", count: 2) { run, binder in
            for (a, b) in rows[run * 2..<run * 2 + 2] {
                try binder.bind(a)
                try binder.bind(b)
            }
        }
        let stored = try database.query("SELECT a, b FROM pairs ORDER BY coalesce(a, 2)") {
            ($0.optionalInt(0), $0.optionalString(1))
        }
        #expect(stored.map(\.0) == rows.map(\.0))
        #expect(stored.map(\.1) == rows.map(\.1))
        // SQLite refuses the run before it steps (`internal`); PostgreSQL's server refuses the
        // bind message.
        #expect(throws: (any Error).self) {
            try database.transaction {
                try database.executeEach("INSERT INTO pairs (a, b) VALUES (?, ?)", count: 1) { _, binder in
                    try binder.bind(9)
                }
            }
        }
        #expect(try database.queryOne("SELECT count(*) FROM pairs") { try $0.int(0) } == 4)
    }

    @Test(arguments: DatabaseBackend.available)
    func aSavepointRollsBackAloneAndTheOuterTransactionCommits(backend: DatabaseBackend) throws {
        let database = try table(backend)
        try database.transaction {
            try database.execute("INSERT INTO items (name, done) VALUES ('kept', \(database.dialect.falseLiteral))")
            #expect(database.isInTransaction)
            _ = try? database.transaction {
                try database.execute(
                    "INSERT INTO items (name, done) VALUES ('undone', \(database.dialect.falseLiteral))")
                // A duplicate.
                try database.execute("INSERT INTO items (name, done) VALUES ('kept', \(database.dialect.falseLiteral))")
            }
        }
        #expect(!database.isInTransaction)
        #expect(try database.query("SELECT name FROM items") { try $0.string(0) } == ["kept"])
    }

    @Test(arguments: DatabaseBackend.available)
    func commitHooksRunBeforeAndAfterTheOutermostCommitOrAfterItsRollback(backend: DatabaseBackend) throws {
        let database = try table(backend)
        let log = Mutex<[String]>([])
        database.setCommitHooks(
            CommitHooks(
                beforeCommit: {
                    log.withLock { $0.append("before") }
                    try database.execute(
                        "INSERT INTO items (name, done) VALUES ('hook', \(database.dialect.trueLiteral))")
                }, afterCommit: { log.withLock { $0.append("after") } },
                afterRollback: { log.withLock { $0.append("rollback") } }))
        try database.transaction { try database.transaction {} }
        #expect(log.withLock { $0 } == ["before", "after"])
        // The hook's insert fails the second time (a duplicate name): the commit rolls back.
        #expect(throws: StorageError.self) { try database.transaction {} }
        #expect(log.withLock { $0 } == ["before", "after", "before", "rollback"])
        #expect(try database.queryOne("SELECT count(*) FROM items") { try $0.int(0) } == 1)
    }
}
