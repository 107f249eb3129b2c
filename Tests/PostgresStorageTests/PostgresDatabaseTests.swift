import Core
import Dispatch
import Storage
import Synchronization
import Testing

/// What `PostgresDatabase` adds to the connection: the transaction bound to its thread, hooks
/// that follow a retried transaction, statements prepared again after DDL, scratch schemas.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresDatabaseTests {
    private func scratch() throws -> PostgresDatabase {
        let database = try #require(try DatabaseBackend.postgres.openScratch() as? PostgresDatabase)
        try database.executeScript("CREATE TABLE notes (id bigint PRIMARY KEY, text text NOT NULL)")
        return database
    }

    @Test func aConflictAtCommitRunsTheBodyAndTheHooksAgain() throws {
        let database = try scratch()
        defer { database.close() }
        let log = Mutex<[String]>([])
        database.setCommitHooks(
            CommitHooks(
                beforeCommit: {
                    let first = log.withLock { log in
                        log.append("before")
                        return log.count == 2
                    }
                    if first { throw StorageError(.conflict, message: "could not serialize access") }
                }, afterCommit: { log.withLock { $0.append("after") } },
                afterRollback: { log.withLock { $0.append("rollback") } }))
        var runs = 0
        try database.transaction {
            runs += 1
            log.withLock { $0.append("body") }
            try database.execute("INSERT INTO notes (id, text) VALUES (?, ?)", [.int(runs), "한글 🐕"])
        }
        #expect(runs == 2)
        #expect(log.withLock { $0 } == ["body", "before", "rollback", "body", "before", "after"])
        // Only the second attempt's row is there.
        #expect(try database.query("SELECT id FROM notes") { try $0.int(0) } == [2])
    }

    @Test func aQueryInsideAForEachBodyUsesTheSameConnectionAndNoNewLogin() throws {
        let database = try scratch()
        defer { database.close() }
        try database.execute("INSERT INTO notes (id, text) VALUES (1, 'a'), (2, 'b')")
        var pairs: [(Int, Int)] = []
        try database.forEach("SELECT pg_backend_pid() FROM notes ORDER BY id") { row in
            let inner = try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) }
            pairs.append((try row.int(0), inner ?? 0))
        }
        #expect(pairs.count == 2)
        #expect(pairs.allSatisfy { $0.0 == $0.1 })
    }

    @Test func aBatchOfQueriesIsOneRoundTrip() throws {
        let database = try scratch()
        defer { database.close() }
        try database.execute("INSERT INTO notes (id, text) VALUES (1, '하나'), (2, 'two 🐾')")
        var texts: [String] = []
        var count = 0
        var doubled: [Int] = []
        let before = database.roundTrips
        try database.forEach([
            BatchQuery("SELECT text FROM notes ORDER BY id") { texts.append(try $0.string(0)) },
            BatchQuery("SELECT count(*) FROM notes WHERE id > ?", [.int(1)]) { count = try $0.int(0) },
            BatchQuery("SELECT id * 2 FROM notes WHERE text = ?", ["하나"]) { doubled.append(try $0.int(0)) },
        ])
        #expect(database.roundTrips - before == 1)
        #expect(texts == ["하나", "two 🐾"])
        #expect(count == 1)
        #expect(doubled == [2])
        let error = #expect(throws: StorageError.self) {
            try database.forEach([
                BatchQuery("SELECT 1") { _ in }, BatchQuery("SELECT no_such_column FROM notes") { _ in },
            ])
        }
        #expect(error?.failure.code == "storage.error")
    }

    @Test func eachThreadsTransactionHasItsOwnConnection() throws {
        let database = try scratch()
        defer { database.close() }
        let inserted = DispatchSemaphore(value: 0)
        let checked = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)
        let thread = DispatchQueue(label: "writer")
        thread.async {
            do {
                try database.transaction {
                    try database.execute("INSERT INTO notes (id, text) VALUES (1, 'open')")
                    #expect(database.isInTransaction)
                    inserted.signal()
                    checked.wait()
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
                inserted.signal()
            }
            inserted.signal()
        }
        inserted.wait()
        // This thread is in no transaction, and the other one's row is not committed yet.
        #expect(!database.isInTransaction)
        #expect(try database.queryOne("SELECT count(*) FROM notes") { try $0.int(0) } == 0)
        checked.signal()
        inserted.wait()
        #expect(failure.withLock { $0 } == nil)
        #expect(try database.queryOne("SELECT count(*) FROM notes") { try $0.int(0) } == 1)
    }

    @Test func statementsArePreparedAgainAfterTheSchemaChanges() throws {
        let database = try scratch()
        defer { database.close() }
        try database.execute("INSERT INTO notes (id, text) VALUES (1, 'a')")
        let all = "SELECT * FROM notes"
        #expect(try database.query(all) { try $0.int(0) } == [1])
        try database.executeScript("ALTER TABLE notes ADD COLUMN extra text")
        // A cached plan whose columns changed would fail with 0A000.
        #expect(try database.query(all) { $0.optionalString(2) } == [nil])
    }

    @Test func closingDropsTheScratchSchema() throws {
        let database = try scratch()
        let schema = try #require(try database.queryOne("SELECT current_schema()") { try $0.string(0) })
        #expect(schema.hasPrefix("t_"))
        database.close()
        #expect(throws: StorageError.self) { try database.execute("SELECT 1") }
        let connection = try PostgresTestServer.connect()
        let left = try connection.queryOne(
            "SELECT count(*) FROM pg_namespace WHERE nspname = $1", [.text(schema)]
        ) { try $0.int(0) }
        #expect(left == 0)
    }
}
