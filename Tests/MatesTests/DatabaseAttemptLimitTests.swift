import Core
import Profiles
import Storage
import Testing

@testable import Mates

/// The database-wide limit on wrong codes (issue 28 item 3): one user alone never locks
/// everyone's joins; once 4 users have tried wrong codes in 10 minutes, a user with none of
/// their own waits, while those 4 keep the rest of their own 5; all on a fixed clock.
@Suite struct DatabaseAttemptLimitTests {
    /// `count` more users with profiles, by name.
    static func guessers(_ fixture: MatesFixture, count: Int) throws -> [String] {
        let accounts = UserAccounts(repository: SQLUserRepository(database: fixture.database), clock: fixture.clock)
        let profiles = SQLProfileRepository(database: fixture.database)
        return try (1...count).map { number in
            let user = try accounts.signIn(name: "guesser\(number)")
            let dog = try Dog(name: "Dog", age: 2, sex: .male, neutered: false, size: .small, keywords: [.smart])
            try profiles.insert(
                try Profile(
                    userID: user.id, nickname: "Guess\(number)", dog: dog, photo: nil, createdAt: fixture.clock.now(),
                    updatedAt: fixture.clock.now()))
            return user.id
        }
    }

    static func wrong(_ fixture: MatesFixture, _ userID: String) -> String? {
        #expect(throws: AppError.self) { try fixture.mates.join(code: "ZZZZZZ", userID: userID) }?.code
    }

    @Test(arguments: DatabaseBackend.available)
    func oneUserAloneLocksNoOneElseOut(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let sol = try fixture.id("sol")
        for _ in 0..<ManageMates.attemptLimit { #expect(Self.wrong(fixture, sol) == "mates.bad_code") }
        #expect(Self.wrong(fixture, sol) == "mates.too_many_attempts")
        let invite = try fixture.mates.invite(userID: try fixture.id("mina"))
        #expect(try fixture.mates.join(code: invite.code, userID: try fixture.id("joon")).userName == "mina")
    }

    @Test(arguments: DatabaseBackend.available)
    func fourUsersHoldBackOnlyUsersWithoutWrongCodesUntilTheWindowPasses(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let guessers = try Self.guessers(fixture, count: ManageMates.databaseAttemptUsers)
        for guesser in guessers { #expect(Self.wrong(fixture, guesser) == "mates.bad_code") }
        let invite = try fixture.mates.invite(userID: try fixture.id("mina"))
        let held = #expect(throws: AppError.self) {
            try fixture.mates.join(code: invite.code, userID: try fixture.id("joon"))
        }
        #expect(held?.code == "mates.too_many_attempts")
        // Each of the four keeps the rest of their own 5, and no more.
        for _ in 1..<ManageMates.attemptLimit { #expect(Self.wrong(fixture, guessers[0]) == "mates.bad_code") }
        #expect(Self.wrong(fixture, guessers[0]) == "mates.too_many_attempts")
        // The window is 10 minutes from the first wrong codes.
        fixture.clock.advance(seconds: ManageMates.attemptWindow + 1)
        let later = try fixture.mates.invite(userID: try fixture.id("mina"))
        #expect(try fixture.mates.join(code: later.code, userID: try fixture.id("joon")).userName == "mina")
    }
}
