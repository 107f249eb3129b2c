import Assembly
import Core
import Storage
import Testing
import Time

/// A start on PostgreSQL: the connection is opened on a thread of its own while the app is
/// wired (`AppAssembly.prepare`), its failures reach the first statement unchanged, and
/// the login and the schema's versions come in one round trip.
struct PostgresStartTests {
    @Test func aConnectionOpenedAheadReportsItsFailureAtTheFirstStatementNamingThePlace() throws {
        // Port 1 of this machine: nothing listens there, so the refusal is immediate.
        let url = "postgresql://mina:sEcret-123@127.0.0.1:1/walks?connect_timeout=2"
        let database = try PostgresDatabase(url, connectingAhead: true)
        let error = try #require(throws: StorageError.self) { try database.queryOne("SELECT 1") { _ in 1 } }
        #expect(AppError.wrapping(error).code == "storage.unavailable")
        #expect(error.message.contains("database \"walks\" on 127.0.0.1:1 as mina"))
        #expect(!error.message.contains("sEcret-123"))
        // The next statement tries again, with the same answer.
        #expect(throws: StorageError.self) { try database.queryOne("SELECT 1") { _ in 1 } }
        database.close()
    }

    @Test func anAppThatCannotConnectIsPreparedAndFailsToStartNamingThePlace() throws {
        let instant = try #require(Instant(iso8601: "2026-11-29T08:00:00+09:00"))
        let prepared = try AppAssembly.prepare(
            AppOptions(
                databasePath: "postgresql://mina:sEcret-123@127.0.0.1:1/walks?connect_timeout=2",
                clock: FixedClock(instant, timeZone: .utc)))
        #expect(!prepared.router.routes.isEmpty)
        let error = try #require(throws: (any Error).self) { try prepared.start() }
        let appError = AppError.wrapping(error)
        #expect(appError.code == "storage.unavailable")
        #expect(appError.message.contains("database \"walks\" on 127.0.0.1:1"))
        #expect(!appError.message.contains("sEcret-123"))
    }

    @Test(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
    func aStartOnAMigratedSchemaTakesOneRoundTrip() throws {
        let (server, schema) = try PostgresDatabase.makeScratchSchema()
        defer { PostgresDatabase.dropScratchSchema(server: server, schema: schema) }
        let instant = try #require(Instant(iso8601: "2026-11-29T08:00:00+09:00"))
        let options = AppOptions(
            databasePath: PostgresDatabase.scratchURL(server: server, schema: schema),
            clock: FixedClock(instant, timeZone: .utc), superuserActsAsAnyone: true)
        let first = try AppAssembly.assemble(options)  // migrates the empty schema
        first.database.close()
        let app = try AppAssembly.assemble(options)
        defer { app.database.close() }
        let database = try #require(app.database as? PostgresDatabase)
        // Who and whether superuser came with the login; then the schema's versions. No photo files are looked for: a server schema never had them.
        #expect(database.roundTrips == 1)
        #expect(try Migrator(database: app.database).firstMissing(StorageAssembly.modules(AppAssembly.plugins)) == nil)
        // A superuser may create anywhere: the server was not asked (its catalog lookups
        // cost a new server process 0.3 ms).
        let asked = try database.queryOne(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%has_schema_' || 'privilege%'"
        ) { try $0.int(0) }
        #expect(asked == 0)
    }

    /// When the login is the user (every member; here the cluster's superuser, which acts
    /// as itself unless told otherwise), its users row comes in that same round trip: a
    /// start that signs in is one round trip, and the user is the one the first start made.
    @Test(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
    func aStartThatSignsTheLoginInTakesOneRoundTrip() throws {
        let (server, schema) = try PostgresDatabase.makeScratchSchema()
        defer { PostgresDatabase.dropScratchSchema(server: server, schema: schema) }
        let instant = try #require(Instant(iso8601: "2026-11-29T08:00:00+09:00"))
        let options = AppOptions(
            databasePath: PostgresDatabase.scratchURL(server: server, schema: schema),
            clock: FixedClock(instant, timeZone: .utc))
        let first = try AppAssembly.assemble(options)  // migrates the empty schema
        let made = try #require(try first.loginSession()).user
        first.database.close()
        let app = try AppAssembly.assemble(options)
        defer { app.database.close() }
        let database = try #require(app.database as? PostgresDatabase)
        let session = try #require(try app.loginSession())
        #expect(database.roundTrips == 1)
        #expect(session.user == made)
        // Another name is still refused, as before.
        #expect(throws: AppError.self) { try app.session(for: "someone-else") }
    }

    /// The start reads the versions of the schema whose tables the app's statements find,
    /// with no catalog guard (0.6 ms of a new server process). A search path whose first
    /// schema is empty and whose second holds an up-to-date app: the app uses the second,
    /// as every unqualified statement would, and creates nothing. When something is
    /// missing there, migrating would make a second, empty set in the first schema and the
    /// app would move to it: the start refuses, naming the search path, and creates nothing.
    @Test(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
    func aStartUsesTheSchemaItsStatementsFindAndNeverMakesASecondSet() throws {
        let (server, filled) = try PostgresDatabase.makeScratchSchema()
        defer { PostgresDatabase.dropScratchSchema(server: server, schema: filled) }
        let (_, empty) = try PostgresDatabase.makeScratchSchema()
        defer { PostgresDatabase.dropScratchSchema(server: server, schema: empty) }
        let instant = try #require(Instant(iso8601: "2026-11-29T08:00:00+09:00"))
        let clock = FixedClock(instant, timeZone: .utc)
        let first = try AppAssembly.assemble(
            AppOptions(databasePath: PostgresDatabase.scratchURL(server: server, schema: filled), clock: clock))
        first.database.close()
        let both = PostgresDatabase.scratchURL(server: server, schema: "\(empty),\(filled)")
        let tables = { (database: any Database, schema: String) in
            try database.queryOne(
                "SELECT count(*) FROM pg_tables WHERE schemaname = ?", [.text(schema)]
            ) { try $0.int(0) } ?? -1
        }
        let app = try AppAssembly.assemble(AppOptions(databasePath: both, clock: clock))
        #expect(try tables(app.database, empty) == 0)
        let filledTables = try tables(app.database, filled)
        #expect(filledTables > 20)
        // Something missing in the schema found: refused, nothing made in the first one.
        try app.database.execute("UPDATE schema_versions SET version = version - 1 WHERE module = 'habits'")
        let refused = try #require(throws: (any Error).self) {
            try AppAssembly.assemble(AppOptions(databasePath: both, clock: clock))
        }
        #expect(AppError.wrapping(refused).message.contains("search path"))
        #expect(try tables(app.database, empty) == 0)
        app.database.close()
    }
}
