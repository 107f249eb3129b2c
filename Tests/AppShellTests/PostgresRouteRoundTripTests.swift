import Assembly
import Core
import Storage
import Testing
import Time

/// Round trips of the routes `make bench` measures on PostgreSQL, through the whole app
/// (its middleware stores each call's event with the route's own transaction).
@Suite(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
struct PostgresRouteRoundTripTests {
    @Test func habitsCompleteTakesOneRoundTripByIdOrName() throws {
        let (server, schema) = try PostgresDatabase.makeScratchSchema()
        defer { PostgresDatabase.dropScratchSchema(server: server, schema: schema) }
        let instant = try #require(Instant(iso8601: "2026-11-29T08:00:00+09:00"))
        let app = try AppAssembly.assemble(
            AppOptions(
                databasePath: PostgresDatabase.scratchURL(server: server, schema: schema),
                clock: FixedClock(instant, timeZone: try TimeZoneRules.named("Asia/Seoul")),
                superuserActsAsAnyone: true))
        defer { app.database.close() }
        let database = try #require(app.database as? PostgresDatabase)
        let session = try app.session(for: "mina")
        let habit = try app.router.call(
            "habits.create", Arguments(["name": "걷기 🐕", "start": "2026-11-01"]), session: session)
        let id = try #require(habit["id"].stringValue)
        func trips(_ reference: String, on day: String) throws -> Int {
            let before = database.roundTrips
            let completion = try app.router.call(
                "habits.complete", Arguments(["ref": .string(reference), "on": .string(day)]), session: session)
            #expect(completion["completed_on"] == .string(day))
            return database.roundTrips - before
        }
        _ = try trips(id, on: "2026-11-20")  // prepares the statements
        // BEGIN, the read with the insert, the events' counter and rows, and the COMMIT.
        #expect(try trips(id, on: "2026-11-21") == 1)
        #expect(try trips("걷기 🐕", on: "2026-11-22") == 1)
        // A refusal fails that transaction (and its ROLLBACK), then is judged by reading.
        let before = database.roundTrips
        let refused = try #require(throws: AppError.self) {
            try app.router.call(
                "habits.complete", Arguments(["ref": .string(id), "on": "2026-11-22"]), session: session)
        }
        #expect(refused.code == "habits.already_completed")
        #expect(database.roundTrips - before == 4)
        let stored = try database.queryOne(
            "SELECT count(*) FROM \"\(schema)\".habit_completions WHERE habit_id = ?", [.text(id)]
        ) { try $0.int(0) }
        #expect(stored == 3)
        let events = try database.queryOne(
            "SELECT count(*) FROM \"\(schema)\".events WHERE name = 'habits.complete'"
        ) { try $0.int(0) }
        #expect(events == 3)
    }
}
