import AppTestSupport
import Core
import Storage
import Testing

@testable import Walks

/// A walk request and its answer are each one conditional write: the request is inserted
/// only between mates (and, where no trigger counts, under the rate), the acceptance only
/// while the two are still mates. Asking the link and the rate first, and reading the
/// names back, cost the sender five round trips and the receiver five (a transaction of
/// three statements and the names); finding the mate by name first, and reading the names
/// after the answer, one more each. On a server where every statement waits for a turn on
/// the cores among a thousand waiting people, each round trip is a wait
/// (`make bench-scale`).
@Suite struct WalkRequestRoundTripTests {
    private static let place = Value.table(Record([("lat", .double(37.52)), ("lng", .double(126.93))]))

    private func send(_ fixture: WalksFixture, to mate: String, as user: User) throws -> Value {
        try fixture.app.call(
            "walks.request", ["mate": .string(mate), "message": "산책 갈래? 🐕", "place": Self.place], as: user)
    }

    @Test(arguments: DatabaseBackend.available.filter { $0 == .postgres })
    func aRequestAndItsAcceptanceAreOneRoundTripEach(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let server = try #require(fixture.database as? PostgresDatabase)
        var before = server.roundTrips
        let sent = try send(fixture, to: "JOON", as: fixture.mina)
        #expect(server.roundTrips - before == 1)
        #expect(sent["from"] == "mina")
        #expect(sent["to"] == "joon")
        #expect(sent["status"] == "pending")
        let id = try #require(sent["id"].stringValue)
        before = server.roundTrips
        let accepted = try fixture.app.call("walks.accept", ["id": .string(id)], as: fixture.joon)
        #expect(server.roundTrips - before == 1)
        #expect(accepted["status"] == "accepted")
        #expect(accepted["from"] == "mina")
        #expect(accepted["to"] == "joon")
    }

    @Test(arguments: DatabaseBackend.available)
    func aRequestToSomeoneWhoIsNotAMateIsRefusedAndWritesNothing(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let accounts = UserAccounts(
            repository: try fixture.app.container.resolve((any UserRepository).self), clock: fixture.clock)
        let hana = try accounts.signIn(name: "hana")
        for mate in ["hana", hana.id, "mina", "nobody"] {
            let error = try #require(throws: AppError.self) { try send(fixture, to: mate, as: fixture.mina) }
            #expect(error.code == "walks.not_a_mate")
            #expect(error.field == "mate")
        }
        #expect(try fixture.walks.list(incoming: false, status: nil, userID: fixture.mina.id).isEmpty)
        #expect(try fixture.walks.list(incoming: true, status: nil, userID: hana.id).isEmpty)
    }

    /// Past the rate and not a mate: not a mate, as when the link was asked first.
    @Test(arguments: DatabaseBackend.available)
    func aSenderPastTheRateIsToldSoOnlyAboutAMate(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let accounts = UserAccounts(
            repository: try fixture.app.container.resolve((any UserRepository).self), clock: fixture.clock)
        _ = try accounts.signIn(name: "hana")
        for _ in 0..<WalkRequest.maximumPerMinute { _ = try send(fixture, to: "joon", as: fixture.mina) }
        let tooMany = try #require(throws: AppError.self) { try send(fixture, to: "joon", as: fixture.mina) }
        #expect(tooMany.code == "walks.too_many_requests")
        let stranger = try #require(throws: AppError.self) { try send(fixture, to: "hana", as: fixture.mina) }
        #expect(stranger.code == "walks.not_a_mate")
        #expect(
            try fixture.walks.list(incoming: false, status: nil, userID: fixture.mina.id).count
                == WalkRequest.maximumPerMinute)
    }

    /// The mate named as `user(named:)` then `user(id:)` find them, by the insert itself.
    @Test(arguments: DatabaseBackend.available)
    func aMateIsFoundByNameInAnyCaseOrById(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        for reference in ["joon", "Joon", fixture.joon.id, fixture.joon.id.uppercased()] {
            let sent = try send(fixture, to: reference, as: fixture.mina)
            #expect(sent["to"] == "joon")
            let id = try #require(sent["id"].stringValue)
            #expect(try fixture.walks.list(incoming: true, status: nil, userID: fixture.joon.id).map(\.id).contains(id))
        }
        let me = try #require(throws: AppError.self) { try send(fixture, to: fixture.mina.id, as: fixture.mina) }
        #expect(me.code == "walks.not_a_mate")
    }

    /// A name in any case comes before an id, also beside a user whose `name_key` an early
    /// schema left NULL (PostgreSQL sorts NULL first when descending).
    @Test(arguments: DatabaseBackend.available)
    func aNameInAnyCaseComesBeforeAnIdBesideAnOldUserWithoutANameKey(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        try fixture.database.execute(
            "INSERT INTO users (id, name, name_key, created_at) VALUES ('abc', 'zed', NULL, 0)", [])
        let accounts = UserAccounts(
            repository: try fixture.app.container.resolve((any UserRepository).self), clock: fixture.clock)
        let named = try accounts.signIn(name: "ABC")
        for id in ["abc", named.id] { try fixture.mateStore.link(fixture.mina.id, id, since: fixture.clock.now()) }
        let sent = try send(fixture, to: "abc", as: fixture.mina)
        #expect(sent["to"] == "ABC")
        #expect(try fixture.walks.list(incoming: true, status: nil, userID: named.id).count == 1)
        #expect(try fixture.walks.list(incoming: true, status: nil, userID: "abc").isEmpty)
    }
}
