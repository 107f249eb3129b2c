import AppTestSupport
import Core
import Mates
import Storage
import Testing
import Time

@testable import Walks

/// The Mates and Walks plugins' app as the composition root builds it (`TestApp`), with two
/// users who are mates (through Mates' own store, the real `MateDirectory`), and a fixed
/// clock at 08:00 in Seoul.
struct WalksFixture {
    let app: TestApp
    let database: any Database
    let clock: FixedClock
    let walks: ManageWalks
    let mateStore: SQLMateStore
    let mina: User
    let joon: User

    init(backend: DatabaseBackend = .sqlite) throws {
        app = try TestApp(
            plugins: [MatesPlugin(), WalksPlugin()], repositories: [MatesSQLRepositories(), WalksSQLRepositories()],
            now: "2026-11-29T08:00:00+09:00", backend: backend)
        database = app.database
        clock = app.clock
        let accounts = UserAccounts(repository: try app.container.resolve((any UserRepository).self), clock: clock)
        mina = try accounts.signIn(name: "mina")
        joon = try accounts.signIn(name: "joon")
        mateStore = SQLMateStore(database: database)
        try mateStore.link(mina.id, joon.id, since: clock.now())
        walks = try app.container.resolve(ManageWalks.self)
    }

    func logCount() throws -> Int {
        try #require(try database.queryOne("SELECT count(*) FROM walk_logs") { try $0.int(0) })
    }

    /// Logs a walk for mina; the arguments default to a 40-minute morning walk.
    @discardableResult
    func log(
        steps: Int = 4200, distance: Double = 3100, start: String = "2026-11-29T07:00:00+09:00",
        end: String = "2026-11-29T07:40:00+09:00"
    ) throws -> WalkLog {
        try walks.log(
            steps: steps, distance: distance, startedAt: try TestTime.instant(start),
            endedAt: try TestTime.instant(end),
            userID: mina.id)
    }
}

/// `walks.log` takes what a walk can be, and a request's place name is bounded.
@Suite struct WalkLimitsTests {
    static let refused: [(Int, Double, String, String, String)] = [
        // A walk that ends after now (08:00), even by a second.
        (100, 100, "2026-11-29T07:00:00+09:00", "2026-11-29T08:00:01+09:00", "ended_at"),
        (100, 100, "2026-11-29T07:00:00+09:00", "2026-11-30T07:00:00+09:00", "ended_at"),
        // Longer than 24 hours: three days, and a day and a second.
        (100, 100, "2026-11-26T07:00:00+09:00", "2026-11-29T07:00:00+09:00", "ended_at"),
        (100, 100, "2026-11-28T06:59:59+09:00", "2026-11-29T07:00:00+09:00", "ended_at"),
        // Steps and distance past what one walk can be.
        (Int.max, 100, "2026-11-29T07:00:00+09:00", "2026-11-29T07:40:00+09:00", "steps"),
        (100_001, 100, "2026-11-29T07:00:00+09:00", "2026-11-29T07:40:00+09:00", "steps"),
        (100, 1e308, "2026-11-29T07:00:00+09:00", "2026-11-29T07:40:00+09:00", "distance"),
        (100, 100_000.5, "2026-11-29T07:00:00+09:00", "2026-11-29T07:40:00+09:00", "distance"),
        (100, .infinity, "2026-11-29T07:00:00+09:00", "2026-11-29T07:40:00+09:00", "distance"),
    ]

    @Test(arguments: DatabaseBackend.available.flatMap { backend in refused.map { (backend, $0) } })
    func aWalkThatCannotBeIsRefusedOnItsFieldAndNotStored(
        backend: DatabaseBackend, walk: (steps: Int, distance: Double, start: String, end: String, field: String)
    ) throws {
        let (steps, distance, start, end, field) = walk
        let fixture = try WalksFixture(backend: backend)
        let error = try #require(throws: AppError.self) {
            try fixture.log(steps: steps, distance: distance, start: start, end: end)
        }
        #expect(error.code == "invalid_argument")
        #expect(error.field == field)
        #expect(try fixture.logCount() == 0)
    }

    @Test(arguments: DatabaseBackend.available)
    func theEdgesAreAccepted(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        // Ends exactly now, lasts exactly a day, 100,000 steps and 100 km.
        let log = try fixture.log(
            steps: 100_000, distance: 100_000, start: "2026-11-28T08:00:00+09:00", end: "2026-11-29T08:00:00+09:00")
        #expect(log.durationSeconds == 86_400)
        #expect(try fixture.logCount() == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func aPlaceNameOfAtMost100CharactersIsKept(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let name = String(repeating: "🐶", count: 100)
        let request = try fixture.walks.request(
            mate: "joon", message: "산책?", latitude: 37.5, longitude: 127, placeName: name, senderID: fixture.mina.id
        ).request
        #expect(request.placeName == name)
        let error = try #require(throws: AppError.self) {
            try fixture.walks.request(
                mate: "joon", message: "산책?", latitude: 37.5, longitude: 127, placeName: name + "가",
                senderID: fixture.mina.id
            ).request
        }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "place.name")
        #expect(try fixture.walks.list(incoming: false, status: nil, userID: fixture.mina.id).count == 1)
    }
}

/// Accepting a walk request checks that the two are still mates.
@Suite struct WalkAcceptMatesTests {
    @Test(arguments: DatabaseBackend.available)
    func acceptingAfterTheLinkEndedIsNotAMateAndLeavesTheRequestPending(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let request = try fixture.walks.request(
            mate: "joon", message: "walk?", latitude: 37.5, longitude: 127, placeName: nil, senderID: fixture.mina.id
        ).request
        // Unlinked straight in the store: no handler cancels the request.
        #expect(try fixture.mateStore.unlink(fixture.mina.id, fixture.joon.id))
        let error = try #require(throws: AppError.self) {
            try fixture.walks.answer(request.id, with: .accepted, userID: fixture.joon.id)
        }
        #expect(error.code == "walks.not_a_mate")
        #expect(error.field == "id")
        #expect(try fixture.walks.list(incoming: true, status: .pending, userID: fixture.joon.id).count == 1)
        // Declining and cancelling need no link.
        #expect(
            try fixture.walks.answer(request.id, with: .declined, userID: fixture.joon.id).request.storedStatus
                == .declined)
    }

    @Test(arguments: DatabaseBackend.available)
    func theHandlerCancelsPendingRequestsBothWaysAndNoOthers(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let store = SQLWalkStore(database: fixture.database)
        let out = try fixture.walks.request(
            mate: "joon", message: "a", latitude: 0, longitude: 0, placeName: nil, senderID: fixture.mina.id
        ).request
        let back = try fixture.walks.request(
            mate: "mina", message: "b", latitude: 0, longitude: 0, placeName: nil, senderID: fixture.joon.id
        ).request
        let accepted = try fixture.walks.request(
            mate: "joon", message: "c", latitude: 0, longitude: 0, placeName: nil, senderID: fixture.mina.id
        ).request
        _ = try fixture.walks.answer(accepted.id, with: .accepted, userID: fixture.joon.id)
        try CancelWalksOnMateLinkEnd(store: store).mateLinkEnded(
            between: fixture.joon.id, and: fixture.mina.id, at: fixture.clock.now())
        #expect(try store.request(id: out.id)?.storedStatus == .cancelled)
        #expect(try store.request(id: back.id)?.storedStatus == .cancelled)
        #expect(try store.request(id: accepted.id)?.storedStatus == .accepted)
    }
}
