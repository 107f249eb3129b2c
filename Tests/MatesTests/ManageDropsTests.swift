import Core
import Storage
import Testing
import Time

@testable import Mates

/// Profile drops on both backends, on a fixed clock: a drop is caught once, within its 30
/// seconds, by someone who may be a mate; both confirm within them to become mates; either
/// may cancel; a drop nobody catches ends as "cannot find peer"; each change leaves
/// `mates.drop` in the inbox of whom it concerns; wrong codes count as invite codes' do.
@Suite struct ManageDropsTests {
    static func drops(_ fixture: MatesFixture) throws -> ManageDrops {
        try fixture.app.container.resolve(ManageDrops.self)
    }

    /// The `mates.drop` entries of `userID`'s inbox, as (state, words or with), oldest first.
    static func events(_ fixture: MatesFixture, _ userID: String) throws -> [String] {
        try fixture.database.query(
            "SELECT params FROM inbox WHERE recipient_id = ? AND name = 'mates.drop' ORDER BY occurred_at, id",
            [.text(userID)]
        ) { row in try row.string(0) }
    }

    @Test(arguments: DatabaseBackend.available)
    func aDropCaughtAndConfirmedByBothMakesMates(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let drops = try Self.drops(fixture)
        let mina = try fixture.id("mina")
        let joon = try fixture.id("joon")
        let drop = try drops.drop(userID: mina)
        #expect(drop.state(at: fixture.clock.now()) == .connecting)
        #expect(drop.expiresAt.millisecondsSince1970 - drop.createdAt.millisecondsSince1970 == 30_000)
        fixture.clock.advance(seconds: 10)
        let caught = try drops.catchDrop(code: drop.code.lowercased(), userID: joon)
        #expect(caught.state(at: fixture.clock.now()) == .success)
        let words = try #require(caught.words).split(separator: " ")
        #expect(words.count == 3 && words.allSatisfy { DropWords.list.contains(String($0)) })
        #expect(try Self.events(fixture, mina).count == 1)
        #expect(try Self.events(fixture, mina)[0].contains("\"words\""))
        // One confirmation is not enough; the catch cannot happen twice.
        #expect(try drops.confirm(id: drop.id, userID: joon).status == .caught)
        #expect(try !fixture.mates.list(userID: mina, page: 1, perPage: 10).contains { $0.userID == joon })
        let again = #expect(throws: AppError.self) {
            try drops.catchDrop(code: drop.code, userID: try fixture.id("sol"))
        }
        #expect(again?.code == "mates.bad_code")
        fixture.clock.advance(seconds: 10)
        let finished = try drops.confirm(id: drop.id, userID: mina)
        #expect(finished.state(at: fixture.clock.now()) == .finished)
        #expect(try fixture.mates.list(userID: mina, page: 1, perPage: 10).map(\.userID) == [joon])
        #expect(try fixture.mates.list(userID: joon, page: 1, perPage: 10).map(\.userID) == [mina])
        // Both hear it finished; a finished drop cannot change.
        #expect(try Self.events(fixture, joon).last?.contains("finished") == true)
        #expect(try Self.events(fixture, mina).last?.contains("finished") == true)
        let ended = #expect(throws: AppError.self) { try drops.cancel(id: drop.id, userID: joon) }
        #expect(ended?.code == "mates.drop_ended")
    }

    @Test(arguments: DatabaseBackend.available)
    func afterItsThirtySecondsADropIsNeitherCaughtNorConfirmed(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let drops = try Self.drops(fixture)
        let mina = try fixture.id("mina")
        let joon = try fixture.id("joon")
        let late = try drops.drop(userID: mina)
        fixture.clock.advance(seconds: 30)
        let refused = #expect(throws: AppError.self) { try drops.catchDrop(code: late.code, userID: joon) }
        #expect(refused?.code == "mates.bad_code")
        #expect(try fixture.mates.attemptCount(joon, fixture) == 1)
        // Nobody caught it: recorded as "cannot find peer" once someone looks.
        #expect(try drops.status(id: late.id, userID: mina).state(at: fixture.clock.now()) == .cannotFindPeer)
        try DropTimeouts(store: SQLMateDropStore(database: fixture.database)).recordDue(at: fixture.clock.now())
        #expect(try Self.events(fixture, mina).last?.contains("cannot_find_peer") == true)

        let caught = try drops.drop(userID: mina)
        _ = try drops.catchDrop(code: caught.code, userID: joon)
        fixture.clock.advance(seconds: 31)
        let unconfirmed = #expect(throws: AppError.self) { try drops.confirm(id: caught.id, userID: joon) }
        #expect(unconfirmed?.code == "mates.drop_ended")
        #expect(try drops.status(id: caught.id, userID: joon).state(at: fixture.clock.now()) == .failure)
        #expect(try fixture.mates.list(userID: mina, page: 1, perPage: 10).isEmpty)
    }

    /// At 29 seconds a drop is caught and confirmed; at 30 it is over (the test above).
    @Test(arguments: DatabaseBackend.available)
    func atTwentyNineSecondsADropIsStillInTime(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let drops = try Self.drops(fixture)
        let drop = try drops.drop(userID: try fixture.id("mina"))
        fixture.clock.advance(seconds: ManageDrops.lifetime - 1)
        _ = try drops.catchDrop(code: drop.code, userID: try fixture.id("joon"))
        _ = try drops.confirm(id: drop.id, userID: try fixture.id("joon"))
        #expect(try drops.confirm(id: drop.id, userID: try fixture.id("mina")).status == .finished)
    }

    @Test(arguments: DatabaseBackend.available)
    func yourOwnDropAMatesAndANewDropEndingTheLast(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let drops = try Self.drops(fixture)
        let mina = try fixture.id("mina")
        let first = try drops.drop(userID: mina)
        let own = #expect(throws: AppError.self) { try drops.catchDrop(code: first.code, userID: mina) }
        #expect(own?.code == "mates.bad_code")
        let second = try drops.drop(userID: mina)
        #expect(try drops.status(id: first.id, userID: mina).status == .cancelled)
        let old = #expect(throws: AppError.self) {
            try drops.catchDrop(code: first.code, userID: try fixture.id("sol"))
        }
        #expect(old?.code == "mates.bad_code")
        // Someone without a profile catches nothing; someone who is not in a drop reads nothing of it.
        let noProfile = #expect(throws: AppError.self) {
            try drops.catchDrop(code: second.code, userID: try fixture.id("nobody"))
        }
        #expect(noProfile?.code == "profiles.not_found")
        let stranger = #expect(throws: AppError.self) { try drops.status(id: second.id, userID: try fixture.id("sol")) }
        #expect(stranger?.code == "mates.drop_not_found")
        // Either may cancel a caught drop: both hear it failed.
        let joon = try fixture.id("joon")
        _ = try drops.catchDrop(code: second.code, userID: joon)
        #expect(try drops.cancel(id: second.id, userID: joon).state(at: fixture.clock.now()) == .failure)
        #expect(try Self.events(fixture, mina).last?.contains("failure") == true)
        #expect(try Self.events(fixture, joon).last?.contains("failure") == true)
        // Mates already: a drop between them is no use.
        let invite = try fixture.mates.invite(userID: mina)
        _ = try fixture.mates.join(code: invite.code, userID: joon)
        let third = try drops.drop(userID: mina)
        let mates = #expect(throws: AppError.self) { try drops.catchDrop(code: third.code, userID: joon) }
        #expect(mates?.code == "mates.bad_code")
    }

    @Test(arguments: DatabaseBackend.available)
    func tenDropsAMinuteAndNoMore(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let drops = try Self.drops(fixture)
        let mina = try fixture.id("mina")
        for _ in 0..<ManageDrops.maximumPerMinute { _ = try drops.drop(userID: mina) }
        let eleventh = #expect(throws: AppError.self) { try drops.drop(userID: mina) }
        #expect(eleventh?.code == "mates.too_many_drops")
        // The database holds it too: a row past the limit written straight in.
        let now = fixture.clock.now().millisecondsSince1970
        let written = #expect(throws: (any Error).self) {
            try fixture.database.execute(
                "INSERT INTO mate_drops (id, code, dropper_id, status, created_at, expires_at) VALUES (?, ?, ?, 'waiting', ?, ?)",
                [.text(Identifier.random()), .text("ZZZZZZ"), .text(mina), .int(now), .int(now + 30_000)])
        }
        #expect("\(String(describing: written))".contains(MatesSchema.dropRateMessage))
        fixture.clock.advance(seconds: 61)
        _ = try drops.drop(userID: mina)
    }

    @Test func aBlockAfterTheCatchStopsTheDropAndAFinishedDropStaysFinished() throws {
        let fixture = try MatesFixture()
        let drops = try Self.drops(fixture)
        let mina = try fixture.id("mina")
        let joon = try fixture.id("joon")
        let drop = try drops.drop(userID: mina)
        _ = try drops.catchDrop(code: drop.code, userID: joon)
        _ = try drops.confirm(id: drop.id, userID: mina)
        _ = try SQLBlockList(database: fixture.database).block(joon, by: mina, at: fixture.clock.now())
        let blocked = #expect(throws: AppError.self) { try drops.confirm(id: drop.id, userID: joon) }
        #expect(blocked?.code == "mates.drop_ended")
        #expect(try fixture.mates.list(userID: mina, page: 1, perPage: 10).isEmpty)

        let sol = try fixture.id("sol")
        let other = try drops.drop(userID: sol)
        _ = try drops.catchDrop(code: other.code, userID: mina)
        _ = try drops.confirm(id: other.id, userID: mina)
        #expect(try drops.confirm(id: other.id, userID: sol).status == .finished)
        #expect(try drops.confirm(id: other.id, userID: mina).status == .finished)
    }

    @Test func wrongCodesCountAsWrongInviteCodesDo() throws {
        let fixture = try MatesFixture()
        let drops = try Self.drops(fixture)
        let sol = try fixture.id("sol")
        for _ in 0..<ManageMates.attemptLimit {
            let wrong = #expect(throws: AppError.self) { try drops.catchDrop(code: "ZZZZZZ", userID: sol) }
            #expect(wrong?.code == "mates.bad_code")
        }
        let held = #expect(throws: AppError.self) { try drops.catchDrop(code: "ZZZZZZ", userID: sol) }
        #expect(held?.code == "mates.too_many_attempts")
        // The same count as invite codes: a join is held too.
        let invite = try fixture.mates.invite(userID: try fixture.id("mina"))
        let join = #expect(throws: AppError.self) { try fixture.mates.join(code: invite.code, userID: sol) }
        #expect(join?.code == "mates.too_many_attempts")
    }
}

extension ManageMates {
    /// How many wrong codes `userID` has tried in the last 10 minutes.
    func attemptCount(_ userID: String, _ fixture: MatesFixture) throws -> Int {
        try fixture.database.queryOne("SELECT count(*) FROM mate_attempts WHERE user_id = ?", [.text(userID)]) {
            try $0.int(0)
        } ?? 0
    }
}
