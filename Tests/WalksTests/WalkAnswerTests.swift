import Core
import Storage
import Testing
import Time

@testable import Walks

/// Each answer is one conditional update naming who may give it, judged at the store's
/// clock: the app's, or the database's (what PostgreSQL uses when the app runs on the
/// machine's real clock, so two machines share one 60-second window).
@Suite struct WalkAnswerTests {
    private static func request(_ fixture: WalksFixture) throws -> WalkRequest {
        try fixture.walks.request(
            mate: "joon", message: "한강 갈래? 🐕", latitude: 37.52, longitude: 126.93, placeName: nil,
            senderID: fixture.mina.id
        ).request
    }

    @Test(arguments: DatabaseBackend.available)
    func onlyTheRecipientAnswersAndOnlyTheSenderCancels(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let store = SQLWalkStore(database: fixture.database)
        let request = try Self.request(fixture)
        let now = fixture.clock.now()
        #expect(try store.answer(id: request.id, with: .accepted, by: fixture.mina.id, at: now) == nil)
        #expect(try store.answer(id: request.id, with: .declined, by: fixture.mina.id, at: now) == nil)
        #expect(try store.answer(id: request.id, with: .cancelled, by: fixture.joon.id, at: now) == nil)
        #expect(try store.request(id: request.id)?.storedStatus == .pending)
        let answered = try store.answer(id: request.id, with: .accepted, by: fixture.joon.id, at: now)
        #expect(answered?.request.storedStatus == .accepted)
        #expect(answered?.request.message == "한강 갈래? 🐕")
        #expect(answered?.names == [fixture.mina.id: "mina", fixture.joon.id: "joon"])
        #expect(try store.answer(id: request.id, with: .cancelled, by: fixture.mina.id, at: now) == nil)
        #expect(try store.request(id: request.id)?.storedStatus == .accepted)
    }

    @Test(arguments: DatabaseBackend.available)
    func theUseCaseSaysWhyNothingChanged(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let request = try Self.request(fixture)
        let byTheSender = try #require(throws: AppError.self) {
            try fixture.walks.answer(request.id, with: .accepted, userID: fixture.mina.id)
        }
        #expect(byTheSender.code == "forbidden")
        let unknown = try #require(throws: AppError.self) {
            try fixture.walks.answer("no-such-request", with: .cancelled, userID: fixture.mina.id)
        }
        #expect(unknown.code == "walks.not_found")
        #expect(
            try fixture.walks.answer(request.id.uppercased(), with: .cancelled, userID: fixture.mina.id)
                .request.storedStatus == .cancelled)
        let again = try #require(throws: AppError.self) {
            try fixture.walks.answer(request.id, with: .accepted, userID: fixture.joon.id)
        }
        #expect(again.code == "walks.not_pending")
        #expect(again.message.contains("cancelled"))
    }

    /// The database's clock: the request is made at the database's now (not the app's fixed
    /// 2026-11-29 08:00), accepted 59 s later and refused 61 s later, whatever the app's
    /// clock says (moving a request back in time stands in for waiting).
    @Test(arguments: DatabaseBackend.available)
    func theDatabasesClockJudgesTheWindow(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let store = SQLWalkStore(database: fixture.database, judge: .database)
        let walks = ManageWalks(
            store: store, transactions: fixture.database, mates: fixture.mateStore,
            users: SQLUserRepository(database: fixture.database), clock: fixture.clock)
        let real = SystemClock(timeZone: .utc).now()
        let early = try Self.request(fixture)
        let late = try walks.request(
            mate: "joon", message: "늦었어", latitude: 0, longitude: 0, placeName: nil, senderID: fixture.mina.id
        ).request
        #expect(early.createdAt == fixture.clock.now())  // the app's store: the app's clock
        #expect(abs(late.createdAt.millisecondsSince1970 - real.millisecondsSince1970) < 60_000)
        #expect(late.expiresAt == late.createdAt.adding(seconds: 60))
        #expect(try store.request(id: late.id)?.createdAt == late.createdAt)
        let age = "UPDATE walk_requests SET created_at = created_at - ?, expires_at = expires_at - ? WHERE id = ?"
        let twin = try walks.request(
            mate: "joon", message: "59", latitude: 0, longitude: 0, placeName: nil, senderID: fixture.mina.id
        ).request
        try fixture.database.execute(age, [.int(59_000), .int(59_000), .text(twin.id)])
        try fixture.database.execute(age, [.int(61_000), .int(61_000), .text(late.id)])
        // The app's clock (2026-11-29 08:00, days before the database's) would call both pending.
        #expect(try walks.answer(twin.id, with: .accepted, userID: fixture.joon.id).request.storedStatus == .accepted)
        #expect(try store.request(id: late.id)?.storedStatus == .expired)
        let refused = try #require(throws: AppError.self) {
            try walks.answer(late.id, with: .accepted, userID: fixture.joon.id)
        }
        #expect(refused.code == "walks.not_pending")
        #expect(refused.message.contains("expired"))
        // Newest first: the one made by the app's clock, days before, has expired too.
        #expect(
            try walks.list(incoming: true, status: .expired, userID: fixture.joon.id).map(\.id) == [late.id, early.id])
        // The request made by the app's clock, days before the database's now, has expired.
        #expect(try store.answer(id: early.id, with: .accepted, by: fixture.joon.id, at: fixture.clock.now()) == nil)
        #expect(try store.cancelPending(between: fixture.mina.id, and: fixture.joon.id, at: fixture.clock.now()) == 0)
    }

    /// A machine whose clock runs 2 minutes ahead of the database's sees the database's
    /// window: a request the database calls pending is pending in every list and in what a
    /// route shows (its own clock would call it expired), and it can be accepted.
    @Test(arguments: DatabaseBackend.available)
    func aMachineWhoseClockIsAheadSeesTheDatabasesWindow(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let ahead = FixedClock(SystemClock(timeZone: .utc).now().adding(seconds: 120), timeZone: .utc)
        let store = SQLWalkStore(database: fixture.database, judge: .database)
        let walks = ManageWalks(
            store: store, transactions: fixture.database, mates: fixture.mateStore,
            users: SQLUserRepository(database: fixture.database), clock: ahead)
        let made = try walks.request(
            mate: "joon", message: "지금?", latitude: 0, longitude: 0, placeName: nil, senderID: fixture.mina.id
        ).request
        #expect(made.status(at: ahead.now()) == .pending)
        #expect(try walks.list(incoming: true, status: .pending, userID: fixture.joon.id).map(\.id) == [made.id])
        #expect(
            try walks.list(incoming: false, status: nil, userID: fixture.mina.id).map { $0.status(at: ahead.now()) }
                == [.pending])
        #expect(
            try walks.answer(made.id, with: .accepted, userID: fixture.joon.id).request.status(at: ahead.now())
                == .accepted)
    }
}
