import Core
import Storage
import Testing

/// `habits.today` reads the details and completions of its habits with a frequency at
/// once: it sent seven statements a habit, one round trip each (`make bench-scale`).
@Suite struct HabitTodayReadTests {
    /// Today is Saturday 2026-01-31 in New York.
    func fixture(_ backend: DatabaseBackend) throws -> HabitFixture {
        try HabitFixture(now: "2026-01-31T12:00:00-05:00", zone: "America/New_York", backend: backend)
    }

    private func create(_ fixture: HabitFixture, _ name: String, every days: Int) throws {
        try fixture.call(
            "habits.create",
            ["name": .string(name), "start": "2026-01-28", "frequency": .table(Record([("every", .int(days))]))])
    }

    private func states(_ fixture: HabitFixture) throws -> [String: Value] {
        var states: [String: Value] = [:]
        for entry in try fixture.call("habits.today").items {
            if case .string(let name) = entry["habit"]["name"] { states[name] = entry["state"] }
        }
        return states
    }

    @Test(arguments: DatabaseBackend.available)
    func eachHabitKeepsItsOwnStateWhenReadTogether(backend: DatabaseBackend) throws {
        let fixture = try fixture(backend)
        try create(fixture, "Kept", every: 2)
        try create(fixture, "Open", every: 2)
        try fixture.call(
            "habits.create",
            [
                "name": "Swim", "start": "2026-01-05",
                "frequency": .table(Record([("weekdays", .array(["mon", "wed"]))])),
            ])
        try fixture.call("habits.create", ["name": "Plain", "start": "2026-01-05"])
        try fixture.complete("Kept", on: "2026-01-30")
        #expect(try states(fixture) == ["Kept": "rest", "Open": "pending", "Swim": "not_due", "Plain": "pending"])
    }

    @Test(arguments: DatabaseBackend.available.filter { $0 == .postgres })
    func theRoundTripsDoNotGrowWithTheHabits(backend: DatabaseBackend) throws {
        let fixture = try fixture(backend)
        let server = try #require(fixture.database as? PostgresDatabase)
        func roundTrips() throws -> Int {
            let before = server.roundTrips
            _ = try fixture.call("habits.today")
            return server.roundTrips - before
        }
        try create(fixture, "First", every: 2)
        let one = try roundTrips()
        for name in ["Second", "Third", "Fourth"] { try create(fixture, name, every: 3) }
        #expect(try roundTrips() == one)
    }
}
