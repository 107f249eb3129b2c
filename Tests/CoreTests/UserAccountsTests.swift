import Core
import Synchronization
import Testing
import Time

@Suite struct UserAccountsTests {
    /// Users in memory; optionally loses the first insert to a user inserted behind its back.
    final class MemoryUsers: UserRepository {
        private let users = Mutex<[User]>([])
        private let rival: Mutex<User?>

        init(rival: User? = nil) { self.rival = Mutex(rival) }

        var all: [User] { users.withLock { $0 } }

        func user(named name: String) throws -> User? { users.withLock { $0.first { $0.name == name } } }

        func user(id: String) throws -> User? { users.withLock { $0.first { $0.id == id } } }
        func users(ids: some Collection<String>) throws -> [String: User] {
            let wanted = Set(ids)
            return users.withLock { Dictionary($0.filter { wanted.contains($0.id) }.map { ($0.id, $0) }) { a, _ in a } }
        }

        func insert(_ user: User) throws {
            if let rival = rival.withLock({ rival in
                defer { rival = nil }; return rival
            }) {
                users.withLock { $0.append(rival) }
            }
            try users.withLock { users in
                guard !users.contains(where: { $0.name == user.name || $0.id == user.id }) else {
                    throw AppError(code: "users.exists", message: "\(user.name) exists")
                }
                users.append(user)
            }
        }
    }

    /// 2026-11-28T23:30:00Z.
    static let now = Instant(secondsSince1970: 1_795_908_600)

    @Test func firstSignInCreatesTheUserStampedWithTheClock() throws {
        let repository = MemoryUsers()
        let accounts = UserAccounts(repository: repository, clock: FixedClock(Self.now))
        let user = try accounts.signIn(name: "mina")
        #expect(user.name == "mina")
        #expect(user.createdAt == Self.now)
        #expect(user.id.count == 36)
        #expect(user.id == user.id.lowercased())
        #expect(repository.all == [user])
    }

    @Test func enterSaysOnlyTheFirstTimeThatItCreatedTheUser() throws {
        let accounts = UserAccounts(repository: MemoryUsers(), clock: FixedClock(Self.now))
        let first = try accounts.enter(name: "minaa")
        let again = try accounts.enter(name: "minaa")
        #expect(first.created)
        #expect(!again.created)
        #expect(again.user == first.user)
    }

    @Test func losingAnInsertRaceIsNotACreation() throws {
        let winner = User(
            id: "00000000-0000-0000-0000-00000000000a", name: "mina", createdAt: Instant(secondsSince1970: 0))
        let accounts = UserAccounts(repository: MemoryUsers(rival: winner), clock: FixedClock(Self.now))
        let entered = try accounts.enter(name: "mina")
        #expect(entered.user == winner)
        #expect(!entered.created)
    }

    @Test func laterSignInReturnsTheSameUser() throws {
        let repository = MemoryUsers()
        let clock = FixedClock(Self.now)
        let accounts = UserAccounts(repository: repository, clock: clock)
        let first = try accounts.signIn(name: "mina")
        clock.advance(seconds: 60)
        let second = try accounts.signIn(name: "mina")
        #expect(second == first)
        #expect(repository.all.count == 1)
    }

    @Test func differentNamesAreDifferentUsers() throws {
        let accounts = UserAccounts(repository: MemoryUsers(), clock: FixedClock(Self.now))
        let mina = try accounts.signIn(name: "mina")
        let jun = try accounts.signIn(name: "jun")
        #expect(mina.id != jun.id)
    }

    @Test func badNameIsRefusedBeforeAnythingIsStored() throws {
        let repository = MemoryUsers()
        let accounts = UserAccounts(repository: repository, clock: FixedClock(Self.now))
        let error = try #require(throws: AppError.self) { try accounts.signIn(name: "with space") }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
        #expect(repository.all.isEmpty)
    }

    @Test func losingAnInsertRaceReturnsTheWinner() throws {
        let winner = User(
            id: "00000000-0000-0000-0000-00000000000a", name: "mina", createdAt: Instant(secondsSince1970: 0))
        let repository = MemoryUsers(rival: winner)
        let accounts = UserAccounts(repository: repository, clock: FixedClock(Self.now))
        #expect(try accounts.signIn(name: "mina") == winner)
        #expect(repository.all == [winner])
    }
}
