import Core
import Storage
import Testing

@testable import Mates

/// `mates.list` reads its mates' names and profiles at once: it sent two lookups a mate, one
/// round trip each (`make bench-scale`).
@Suite struct MateListReadTests {
    @Test(arguments: DatabaseBackend.available)
    func aMateWithoutAProfileIsLeftOut(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let store = SQLMateStore(database: fixture.database)
        let mina = try fixture.id("mina")
        for name in ["joon", "sol", "nobody"] {
            try store.link(mina, try fixture.id(name), since: fixture.clock.now())
        }
        let listed = try fixture.mates.list(userID: mina, page: 1, perPage: 20)
        #expect(listed.map(\.userName) == ["joon", "sol"])
        #expect(listed.map(\.nickname) == ["Joon", "Sol"])
        #expect(listed.allSatisfy { $0.dogName == "Dog" && $0.dogKeywords == ["smart"] })
    }

    @Test(arguments: DatabaseBackend.available.filter { $0 == .postgres })
    func theListCostsTheSameRoundTripsHoweverManyMates(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let server = try #require(fixture.database as? PostgresDatabase)
        let store = SQLMateStore(database: fixture.database)
        let mina = try fixture.id("mina")
        func roundTrips() throws -> Int {
            let before = server.roundTrips
            _ = try fixture.mates.list(userID: mina, page: 1, perPage: 20)
            return server.roundTrips - before
        }
        try store.link(mina, try fixture.id("joon"), since: fixture.clock.now())
        let one = try roundTrips()
        try store.link(mina, try fixture.id("sol"), since: fixture.clock.now())
        try store.link(mina, try fixture.id("nobody"), since: fixture.clock.now())
        #expect(try roundTrips() == one)
        #expect(one <= 3)
    }
}
