import AppTestSupport
import Core
import Storage
import Testing

@testable import Walks

/// A walk request the client names (`walks.request{id=}`) can be asked for again after an
/// unknown outcome (`storage.outcome_unknown`): the second call returns the first's request,
/// and nothing is made or counted twice.
@Suite struct WalkRequestIdentityTests {
    private func request(_ fixture: WalksFixture, id: String?, from sender: User? = nil, to mate: String = "mina")
        throws -> WalkRequest
    {
        try fixture.walks.request(
            mate: mate, message: "산책 갈래요? 🐕", latitude: 37.5, longitude: 126.9, placeName: "한강",
            senderID: (sender ?? fixture.joon).id, id: id
        ).request
    }

    private func rows(_ fixture: WalksFixture) throws -> Int {
        try #require(try fixture.database.queryOne("SELECT count(*) FROM walk_requests") { try $0.int(0) })
    }

    @Test(arguments: DatabaseBackend.available)
    func theSameCallTwiceMakesOneRequest(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let id = Identifier.random()
        let first = try request(fixture, id: id)
        fixture.clock.advance(seconds: 5)
        let again = try request(fixture, id: id)
        #expect(first.id == id)
        #expect(again == first)
        #expect(try rows(fixture) == 1)
        #expect(try fixture.walks.list(incoming: true, status: nil, userID: fixture.mina.id).count == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func aRepeatIsNotCountedAgainstTheRate(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let id = Identifier.random()
        for _ in 0..<WalkRequest.maximumPerMinute {
            _ = try request(fixture, id: nil)
        }
        #expect(throws: AppError.self) { try request(fixture, id: id) }
        let made = Identifier.random()
        fixture.clock.advance(seconds: 61)
        let first = try request(fixture, id: made)
        for _ in 0..<WalkRequest.maximumPerMinute + 5 { #expect(try request(fixture, id: made) == first) }
    }

    @Test(arguments: ["", "not-a-uuid", "6F1C2D9E-3B7A-4C1E-9A55-0D2F8E7B1A01", "6f1c2d9e3b7a4c1e9a550d2f8e7b1a01xxxx"])
    func anIdThatIsNoLowercaseUUIDIsRefused(id: String) throws {
        let fixture = try WalksFixture()
        let error = try #require(throws: AppError.self) { try request(fixture, id: id) }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "id")
        #expect(try rows(fixture) == 0)
    }

    @Test(arguments: DatabaseBackend.available)
    func anotherPersonsIdIsRefusedAndTheirRequestKept(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let id = Identifier.random()
        let joons = try request(fixture, id: id)
        let error = try #require(throws: AppError.self) {
            try request(fixture, id: id, from: fixture.mina, to: "joon")
        }
        #expect(error.field == "id")
        #expect(try fixture.walks.list(incoming: false, status: nil, userID: fixture.joon.id) == [joons])
        #expect(try rows(fixture) == 1)
    }
}
