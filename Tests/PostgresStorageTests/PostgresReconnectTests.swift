import Core
import Storage
import Testing

/// A connection the server dropped (a restart, a terminated backend, a network gone) is
/// never given back to the pool: the next statement opens a new one. Found when a waiting
/// loop whose server was restarted failed every look with "no connection to the server"
/// until it was restarted itself.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresReconnectTests {
    private func terminate(_ backend: Int, by administrator: PostgresConnection) throws {
        let ended = try administrator.queryOne("SELECT pg_terminate_backend($1::int, 5000)", [.int(backend)]) {
            try $0.bool(0)
        }
        #expect(ended == true)
    }

    @Test func aStatementAfterTheConnectionWasDroppedRunsOnANewOne() throws {
        let database = try #require(try DatabaseBackend.postgres.openScratch() as? PostgresDatabase)
        defer { database.close() }
        let administrator = try PostgresTestServer.connect()
        defer { administrator.close() }
        let first = try #require(try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) })
        try terminate(first, by: administrator)
        // The statement that finds the connection gone fails, as it must: nothing says the
        // server is back.
        let error = #expect(throws: StorageError.self) {
            _ = try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) }
        }
        #expect(error?.failure == .unavailable)
        // The next one gets a new connection, with the scratch schema still first.
        let second = try #require(try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) })
        #expect(second != first)
        try database.execute("CREATE TABLE after_reconnect (id bigint)")
        #expect(try database.queryOne("SELECT count(*) FROM after_reconnect") { try $0.int(0) } == 0)
    }

    @Test func aTransactionAfterTheConnectionWasDroppedRunsOnANewOne() throws {
        let database = try #require(try DatabaseBackend.postgres.openScratch() as? PostgresDatabase)
        defer { database.close() }
        let administrator = try PostgresTestServer.connect()
        defer { administrator.close() }
        try database.execute("CREATE TABLE kept (id bigint)")
        let first = try #require(try database.queryOne("SELECT pg_backend_pid()") { try $0.int(0) })
        try terminate(first, by: administrator)
        #expect(throws: StorageError.self) {
            try database.transaction { try database.execute("INSERT INTO kept (id) VALUES (1)") }
        }
        try database.transaction { try database.execute("INSERT INTO kept (id) VALUES (2)") }
        #expect(try database.query("SELECT id FROM kept") { try $0.int(0) } == [2])
    }
}
