import Assembly
import Core
import Dispatch
import Storage
import Synchronization
import Testing
import Time

/// `AppOptions.databasePath` (`--db`) naming a PostgreSQL server opens `PostgresDatabase`
/// and gives every module its schema there, once, even when several apps start at once.
@Suite(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
struct PostgresAssemblyTests {
    private static func options(_ location: String) throws -> AppOptions {
        let instant = try #require(Instant(iso8601: "2026-11-29T08:00:00+09:00"))
        return AppOptions(
            databasePath: location, clock: FixedClock(instant, timeZone: .utc), superuserActsAsAnyone: true)
    }

    /// Every module with its last version.
    private static var lastVersions: [String: Int] {
        var versions = [CoreSchema.migratorModule.name: CoreSchema.migratorModule.migrations.count]
        versions[EventSchema.migratorModule.name] = EventSchema.migratorModule.migrations.count
        for plugin in AppAssembly.plugins where !plugin.migrations.isEmpty {
            versions[plugin.name] = plugin.migrations.count
        }
        return versions
    }

    @Test func aPostgresURLOpensPostgreSQLWithEveryModulesSchemaAndItsRoutesWork() throws {
        let (server, schema) = try PostgresDatabase.makeScratchSchema()
        defer { PostgresDatabase.dropScratchSchema(server: server, schema: schema) }
        let location = PostgresDatabase.scratchURL(server: server, schema: schema)
        let app = try AppAssembly.assemble(Self.options(location))
        defer { app.database.close() }
        #expect(app.database is PostgresDatabase)
        #expect(app.database.dialect == .postgreSQL)
        #expect(try Migrator(database: app.database).versions() == Self.lastVersions)
        let session = try app.session(for: "mina")
        _ = try app.router.call("habits.create", Arguments(["name": "걷기 🐕"]), session: session)
        // The row is in the scratch schema.
        let names = try app.database.query("SELECT name FROM \"\(schema)\".habits") { try $0.string(0) }
        #expect(names == ["걷기 🐕"])
        // A second start finds nothing missing.
        let again = try AppAssembly.assemble(Self.options(location))
        defer { again.database.close() }
        #expect(try Migrator(database: again.database).versions() == Self.lastVersions)
    }

    @Test func appsStartingAtOnceOnAnEmptySchemaApplyEachStepOnce() throws {
        let (server, schema) = try PostgresDatabase.makeScratchSchema()
        defer { PostgresDatabase.dropScratchSchema(server: server, schema: schema) }
        let location = PostgresDatabase.scratchURL(server: server, schema: schema)
        let options = try Self.options(location)
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                let app = try AppAssembly.assemble(options)
                app.database.close()
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let database = try PostgresDatabase(location)
        defer { database.close() }
        #expect(try Migrator(database: database).versions() == Self.lastVersions)
    }
}
