import AppTestSupport
import Core
import Storage
import Testing

@testable import Walks

/// `walks.incoming` names the people of every request it lists, and reads those names at
/// once: at 100 requests it sent 200 lookups of a user, one round trip each, and took 21 ms
/// on a local server (`make bench-scale`).
@Suite struct WalkListReadTests {
    private func request(_ fixture: WalksFixture) throws {
        _ = try fixture.walks.request(
            mate: "mina", message: "산책 갈래요? 🐕", latitude: 37.5, longitude: 126.9, placeName: nil,
            senderID: fixture.joon.id
        ).request
        fixture.clock.advance(seconds: 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func everyRequestNamesItsSenderAndRecipient(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        for _ in 0..<3 { try request(fixture) }
        let listed = try fixture.app.call("walks.incoming", as: fixture.mina)
        guard case .array(let requests) = listed else {
            Issue.record("walks.incoming returned \(listed)")
            return
        }
        #expect(requests.count == 3)
        for request in requests {
            #expect(request["from"] == .string("joon"))
            #expect(request["to"] == .string("mina"))
        }
    }

    @Test(arguments: DatabaseBackend.available.filter { $0 == .postgres })
    func theNamesCostOneRoundTripHoweverManyRequests(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let server = try #require(fixture.database as? PostgresDatabase)
        func roundTrips() throws -> Int {
            let before = server.roundTrips
            _ = try fixture.app.call("walks.incoming", as: fixture.mina)
            return server.roundTrips - before
        }
        try request(fixture)
        let one = try roundTrips()
        for _ in 0..<4 { try request(fixture) }
        #expect(try roundTrips() == one)
        #expect(one <= 2)
    }
}
