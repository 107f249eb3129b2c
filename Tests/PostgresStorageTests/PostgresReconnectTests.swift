import Core
import Dispatch
import Storage
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A connection the server ended (a restart, a terminated session) is never used again:
/// an idle one is found out when it is taken from the pool (the server's goodbye waits on
/// it), and one lost during a statement is closed instead of going back. Found when a
/// waiting loop whose server was restarted failed every look with "no connection to the
/// server" until it was restarted itself.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresReconnectTests {
    private func terminate(_ backend: Int, by administrator: PostgresConnection) throws {
        let ended = try administrator.queryOne("SELECT pg_terminate_backend($1::int, 5000)", [.int(backend)]) {
            try $0.bool(0)
        }
        #expect(ended == true)
    }

    @Test func theFirstStatementAfterTheSessionEndedRunsOnANewConnection() throws {
        let database = try #require(try DatabaseBackend.postgres.openScratch() as? PostgresDatabase)
        defer { database.close() }
        let administrator = try PostgresTestServer.connect()
        defer { administrator.close() }
        try database.execute("CREATE TABLE kept (id bigint)")
        let first = try #require(try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) })
        try terminate(first, by: administrator)
        // The scratch schema is still first on the new connection's search path.
        let second = try #require(try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) })
        #expect(second != first)
        try terminate(second, by: administrator)
        try database.transaction { try database.execute("INSERT INTO kept (id) VALUES (2)") }
        #expect(try database.query("SELECT id FROM kept") { try $0.int(0) } == [2])
    }

    /// The error of `sql`, run outside a transaction on `database`'s connection `backend`,
    /// when an administrator ends that session while the statement runs on the server (found
    /// by its first words, `running`: a condition, not a time).
    private func failure(
        of sql: String, running: String, on database: PostgresDatabase, backend: Int,
        by administrator: PostgresConnection
    ) throws -> StorageError? {
        let failure = Mutex<StorageError?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do { try database.execute(sql) } catch let error as StorageError {
                failure.withLock { $0 = error }
            } catch {}
            done.signal()
        }
        var active = false
        for _ in 0..<500 where !active {
            active =
                try administrator.queryOne(
                    "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND starts_with(query, $2) "
                        + "AND state = 'active'", [.int(backend), .text(running)]
                ) { try $0.int(0) } == 1
            if !active { usleep(10_000) }
        }
        #expect(active)
        try terminate(backend, by: administrator)
        done.wait()
        return failure.withLock { $0 }
    }

    @Test func aConnectionLostDuringAStatementIsNotUsedAgain() throws {
        let database = try #require(try DatabaseBackend.postgres.openScratch() as? PostgresDatabase)
        defer { database.close() }
        let administrator = try PostgresTestServer.connect()
        defer { administrator.close() }
        let backend = try #require(try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) })
        let error = try failure(
            of: "SELECT pg_sleep(30)", running: "SELECT pg_sleep", on: database, backend: backend, by: administrator)
        #expect(error?.failure == .unavailable)
        let next = try #require(try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) })
        #expect(next != backend)
    }

    /// A write outside a transaction commits as it ends, so one whose connection is lost
    /// while it runs may have committed: `storage.outcome_unknown`, as for a `COMMIT`, never
    /// `storage.unavailable`, which a script may take for "not done" and send again.
    @Test func aWriteOutsideATransactionWhoseConnectionIsLostHasAnUnknownOutcome() throws {
        let database = try #require(try DatabaseBackend.postgres.openScratch() as? PostgresDatabase)
        defer { database.close() }
        let administrator = try PostgresTestServer.connect()
        defer { administrator.close() }
        try database.execute("CREATE TABLE kept (id bigint)")
        let backend = try #require(try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) })
        let error = try failure(
            of: "INSERT INTO kept (id) SELECT 1 FROM pg_sleep(30)", running: "INSERT INTO kept", on: database,
            backend: backend, by: administrator)
        #expect(error?.failure == .outcomeUnknown)
        #expect(error?.message.contains("unknown") == true)
    }
}
