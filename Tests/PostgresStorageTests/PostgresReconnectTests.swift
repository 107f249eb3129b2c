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

    @Test func aConnectionLostDuringAStatementIsNotUsedAgain() throws {
        let database = try #require(try DatabaseBackend.postgres.openScratch() as? PostgresDatabase)
        defer { database.close() }
        let administrator = try PostgresTestServer.connect()
        defer { administrator.close() }
        let backend = try #require(try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) })
        let failure = Mutex<StorageFailure?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do { try database.execute("SELECT pg_sleep(30)") } catch let error as StorageError {
                failure.withLock { $0 = error.failure }
            } catch {}
            done.signal()
        }
        // Until the sleep runs on the server (a condition, not a time).
        var sleeping = false
        for _ in 0..<500 where !sleeping {
            sleeping =
                try administrator.queryOne(
                    "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%' "
                        + "AND state = 'active'", [.int(backend)]
                ) { try $0.int(0) } == 1
            if !sleeping { usleep(10_000) }
        }
        #expect(sleeping)
        try terminate(backend, by: administrator)
        done.wait()
        #expect(failure.withLock { $0 } == .unavailable)
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
        let failure = Mutex<StorageError?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do { try database.execute("INSERT INTO kept (id) SELECT 1 FROM pg_sleep(30)") } catch let error
                as StorageError
            {
                failure.withLock { $0 = error }
            } catch {}
            done.signal()
        }
        // Until the insert runs on the server (a condition, not a time).
        var running = false
        for _ in 0..<500 where !running {
            running =
                try administrator.queryOne(
                    "SELECT count(*) FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'INSERT INTO kept%' "
                        + "AND state = 'active'", [.int(backend)]
                ) { try $0.int(0) } == 1
            if !running { usleep(10_000) }
        }
        #expect(running)
        try terminate(backend, by: administrator)
        done.wait()
        let error = failure.withLock { $0 }
        #expect(error?.failure == .outcomeUnknown)
        #expect(error?.message.contains("unknown") == true)
    }
}
