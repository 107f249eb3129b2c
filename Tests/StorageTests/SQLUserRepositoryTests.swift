import Core
import Foundation
import Testing
import Time

@testable import Storage

@Suite struct SQLUserRepositoryTests {
    private let now = Instant(iso8601: "2026-11-29T08:00:00+09:00")!

    /// An in-memory database migrated with `CoreSchema`.
    private func makeDatabase(path: String = ":memory:") throws -> any Database {
        let database = try SQLiteDatabase(path: path)
        try Migrator(database: database).migrate([CoreSchema.migratorModule])
        return database
    }

    private func userCount(_ database: any Database) throws -> Int? {
        try database.queryOne("SELECT count(*) FROM users") { try $0.int(0) }
    }

    // MARK: Repository

    @Test func anInsertedUserIsFoundByNameAndById() throws {
        let repository = SQLUserRepository(database: try makeDatabase())
        let alice = User(id: "6f1c2d9e-3b7a-4c1e-9a55-0d2f8e7b1a01", name: "alice", createdAt: now)
        let bob = User(id: "0b5e8c44-1d2a-4f3b-8c6d-7e9f0a1b2c3d", name: "bob", createdAt: now.adding(seconds: 90))
        try repository.insert(alice)
        try repository.insert(bob)
        #expect(try repository.user(named: "alice") == alice)
        #expect(try repository.user(id: alice.id) == alice)
        #expect(try repository.user(named: "bob") == bob)
        #expect(try repository.user(id: bob.id) == bob)
    }

    @Test func anUnknownNameOrIdIsNil() throws {
        let repository = SQLUserRepository(database: try makeDatabase())
        #expect(try repository.user(named: "nobody") == nil)
        #expect(try repository.user(id: "no-such-id") == nil)
        try repository.insert(User(id: "u1", name: "alice", createdAt: now))
        #expect(try repository.user(named: "u1") == nil)  // an id is not a name
        #expect(try repository.user(id: "alice") == nil)  // and a name is not an id
    }

    @Test func namesAreMatchedIgnoringCaseButNotSpaces() throws {
        let repository = SQLUserRepository(database: try makeDatabase())
        try repository.insert(User(id: "u1", name: "Alice", createdAt: now))
        #expect(try repository.user(named: "alice")?.id == "u1")
        #expect(try repository.user(named: "ALICE")?.id == "u1")
        #expect(try repository.user(named: "Alice ") == nil)
        #expect(try repository.user(named: "Alice")?.name == "Alice")
    }

    @Test(arguments: ["alice", "ALICE", "aLiCe"])
    func aNameThatDiffersOnlyByCaseIsTakenAndSignsInAsTheExistingUser(other: String) throws {
        let database = try makeDatabase()
        let repository = SQLUserRepository(database: database)
        try repository.insert(User(id: "u1", name: "Alice", createdAt: now))
        let error = try #require(throws: AppError.self) {
            try repository.insert(User(id: "u2", name: other, createdAt: now))
        }
        #expect(error.code == "users.exists")
        let accounts = UserAccounts(repository: repository, clock: FixedClock(now))
        #expect(try accounts.signIn(name: other).id == "u1")
        #expect(try userCount(database) == 1)
    }

    @Test func theMigrationKeepsNamesThatAlreadyCollideAndRefusesNewOnes() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        // A database made before names were unique ignoring case.
        try Migrator(database: database).migrate([
            Migrator.Module(name: CoreSchema.module, migrations: [CoreSchema.migrations[0]])
        ])
        for (id, name) in [("u1", "alice"), ("u2", "Alice"), ("u3", "bob")] {
            try database.execute(
                "INSERT INTO users (id, name, created_at) VALUES (?, ?, 0)", [.text(id), .text(name)])
        }
        try Migrator(database: database).migrate([CoreSchema.migratorModule])
        let repository = SQLUserRepository(database: database)
        #expect(try userCount(database) == 3)
        // Each old name still signs in exactly; another case finds the oldest.
        #expect(try repository.user(named: "alice")?.id == "u1")
        #expect(try repository.user(named: "Alice")?.id == "u2")
        #expect(try repository.user(named: "ALICE")?.id == "u1")
        #expect(try repository.user(named: "BOB")?.id == "u3")
        let error = try #require(throws: AppError.self) {
            try repository.insert(User(id: "u4", name: "ALICE", createdAt: now))
        }
        #expect(error.code == "users.exists")
    }

    @Test func theCreationInstantIsStoredAsIntegerMilliseconds() throws {
        let database = try makeDatabase()
        let repository = SQLUserRepository(database: database)
        let created = try #require(Instant(iso8601: "2026-11-29T08:00:00.250+09:00"))
        try repository.insert(User(id: "u1", name: "alice", createdAt: created))
        let stored = try database.queryOne("SELECT created_at, typeof(created_at) FROM users") {
            (try $0.int(0), try $0.string(1))
        }
        #expect(stored?.0 == created.millisecondsSince1970)
        #expect(stored?.1 == "integer")
        #expect(try repository.user(id: "u1")?.createdAt == created)
    }

    @Test func insertingATakenNameIsUsersExistsAndKeepsTheFirstUser() throws {
        let database = try makeDatabase()
        let repository = SQLUserRepository(database: database)
        let first = User(id: "u1", name: "alice", createdAt: now)
        try repository.insert(first)
        let error = #expect(throws: AppError.self) {
            try repository.insert(User(id: "u2", name: "alice", createdAt: now.adding(seconds: 1)))
        }
        #expect(error?.code == "users.exists")
        #expect(error?.message.contains("alice") == true)
        #expect(try repository.user(named: "alice") == first)
        #expect(try repository.user(id: "u2") == nil)
        #expect(try userCount(database) == 1)
    }

    @Test func insertingATakenIdIsUsersExists() throws {
        let database = try makeDatabase()
        let repository = SQLUserRepository(database: database)
        try repository.insert(User(id: "u1", name: "alice", createdAt: now))
        let error = #expect(throws: AppError.self) {
            try repository.insert(User(id: "u1", name: "bob", createdAt: now))
        }
        #expect(error?.code == "users.exists")
        #expect(try repository.user(named: "bob") == nil)
        #expect(try userCount(database) == 1)
    }

    @Test func usersAreReadByIdAtOnceLeavingOutIdsWithoutOne() throws {
        let database = try makeDatabase()
        let repository = SQLUserRepository(database: database)
        // More than one statement's worth, each asked twice, and ids nobody has.
        let count = SQLDialect.longestSQLiteList + 200
        let users = (0..<count).map { User(id: "u\($0)", name: "user\($0)", createdAt: now.adding(seconds: $0)) }
        try database.transaction { for user in users { try repository.insert(user) } }
        let asked = users.map(\.id) + users.map(\.id) + ["nobody", "", "u1' OR '1'='1"]
        let found = try repository.users(ids: asked)
        #expect(found == Dictionary(uniqueKeysWithValues: users.map { ($0.id, $0) }))
        #expect(try repository.users(ids: []).isEmpty)
    }

    @Test func aRepositoryOnAnUnmigratedDatabaseThrowsAStorageErrorNotNil() throws {
        let repository = SQLUserRepository(database: try SQLiteDatabase(path: ":memory:"))
        let error = #expect(throws: StorageError.self) { _ = try repository.user(named: "alice") }
        #expect(error?.failure == .other)
        let insertError = #expect(throws: StorageError.self) {
            try repository.insert(User(id: "u1", name: "alice", createdAt: now))
        }
        #expect(insertError?.failure == .other)  // not mistaken for users.exists
    }

    // MARK: UserAccounts

    @Test func signInCreatesTheUserOnFirstUseStampedWithTheClock() throws {
        let database = try makeDatabase()
        let repository = SQLUserRepository(database: database)
        let accounts = UserAccounts(repository: repository, clock: FixedClock(now))
        let user = try accounts.signIn(name: "alice")
        #expect(user.name == "alice")
        #expect(user.createdAt == now)
        #expect(user.id == user.id.lowercased())
        #expect(UUID(uuidString: user.id) != nil)
        #expect(try repository.user(named: "alice") == user)
        #expect(try userCount(database) == 1)
    }

    @Test func signingInAgainReturnsTheSameUserWithTheSameId() throws {
        let database = try makeDatabase()
        let clock = FixedClock(now)
        let accounts = UserAccounts(repository: SQLUserRepository(database: database), clock: clock)
        let first = try accounts.signIn(name: "alice")
        clock.advance(seconds: 3600)
        let second = try accounts.signIn(name: "alice")
        #expect(second == first)
        #expect(second.createdAt == now)  // not restamped
        #expect(try userCount(database) == 1)
    }

    @Test func differentNamesGetDifferentUsers() throws {
        let database = try makeDatabase()
        let accounts = UserAccounts(repository: SQLUserRepository(database: database), clock: FixedClock(now))
        let alice = try accounts.signIn(name: "alice")
        let bob = try accounts.signIn(name: "bob")
        #expect(alice.id != bob.id)
        #expect(try userCount(database) == 2)
    }

    @Test func aSecondConnectionOnTheSameFileSignsInTheSameUser() throws {
        try withTemporaryDatabasePath { path in
            let first = UserAccounts(
                repository: SQLUserRepository(database: try makeDatabase(path: path)), clock: FixedClock(now))
            let second = UserAccounts(
                repository: SQLUserRepository(database: try makeDatabase(path: path)),
                clock: FixedClock(now.adding(seconds: 60)))
            let created = try first.signIn(name: "alice")
            #expect(try second.signIn(name: "alice") == created)
        }
    }

    @Test(arguments: [
        "", String(repeating: "a", count: 33), "has space", "bob!", "한글", "emoji🎉", "tab\tname", "a/b",
    ])
    func anInvalidNameIsInvalidArgumentAndCreatesNoUser(name: String) throws {
        let database = try makeDatabase()
        let accounts = UserAccounts(repository: SQLUserRepository(database: database), clock: FixedClock(now))
        let error = #expect(throws: AppError.self) { _ = try accounts.signIn(name: name) }
        #expect(error?.code == "invalid_argument")
        #expect(error?.field == "name")
        #expect(try userCount(database) == 0)
    }

    @Test(arguments: ["a", String(repeating: "z", count: 32), "Mixed.Case-name_09"])
    func aValidNameAtTheEdgesIsAccepted(name: String) throws {
        let database = try makeDatabase()
        let accounts = UserAccounts(repository: SQLUserRepository(database: database), clock: FixedClock(now))
        #expect(try accounts.signIn(name: name).name == name)
        #expect(try userCount(database) == 1)
    }

    /// Misses the first lookup by name, having let a rival insert the same name just
    /// before: what a process sees when another signs the same new name in between its
    /// lookup and its insert.
    private struct RivalInsertsFirst: UserRepository {
        let base: SQLUserRepository
        let rival: User
        let lookups = Shared(0)

        func user(named name: String) throws -> User? {
            let lookup = lookups.withLock { count in
                count += 1
                return count
            }
            if lookup == 1 {
                try base.insert(rival)
                return nil
            }
            return try base.user(named: name)
        }

        func user(id: String) throws -> User? { try base.user(id: id) }

        func users(ids: some Collection<String>) throws -> [String: User] { try base.users(ids: ids) }

        func insert(_ user: User) throws { try base.insert(user) }
    }

    @Test func signInThatLosesTheInsertRaceReturnsTheWinner() throws {
        let database = try makeDatabase()
        let rival = User(id: "rival-id", name: "alice", createdAt: now.adding(seconds: -1))
        let repository = RivalInsertsFirst(base: SQLUserRepository(database: database), rival: rival)
        let user = try UserAccounts(repository: repository, clock: FixedClock(now)).signIn(name: "alice")
        #expect(user == rival)
        #expect(repository.lookups.withLock { $0 } == 2)
        #expect(try userCount(database) == 1)
    }

    @Test func signInRethrowsAFailedInsertWhenNoWinnerExists() throws {
        let database = try makeDatabase()
        try database.executeScript(
            """
            CREATE TRIGGER refuse_users BEFORE INSERT ON users
            BEGIN SELECT RAISE(ABORT, 'users are closed'); END;
            """)
        let accounts = UserAccounts(repository: SQLUserRepository(database: database), clock: FixedClock(now))
        #expect(throws: StorageError.self) { _ = try accounts.signIn(name: "alice") }
        #expect(try userCount(database) == 0)
    }
}
