import AppTestSupport
import Core
import Formats
import Profiles
import Storage
import Testing
import Time

@testable import Mates

/// The Profiles and Mates plugins' app as the composition root builds it (`TestApp`), with
/// four more users, three of whom have real profiles (through Profiles' own repository,
/// which is also the real `ProfileDirectory`), and a fixed clock in UTC.
struct MatesFixture {
    let app: TestApp
    let database: any Database
    let clock: FixedClock
    let mates: ManageMates
    let users: [String: User]

    init(backend: DatabaseBackend = .sqlite) throws {
        app = try TestApp(
            plugins: [ProfilesPlugin(), MatesPlugin()],
            repositories: [ProfilesSQLRepositories(), MatesSQLRepositories()],
            now: "2026-11-29T08:00:00+09:00", zone: "UTC", backend: backend)
        database = app.database
        clock = app.clock
        let accounts = UserAccounts(repository: try app.container.resolve((any UserRepository).self), clock: clock)
        let profiles = SQLProfileRepository(database: database)
        var users: [String: User] = [:]
        for name in ["mina", "joon", "sol", "nobody"] { users[name] = try accounts.signIn(name: name) }
        for name in ["mina", "joon", "sol"] {
            let user = try #require(users[name])
            let dog = try Dog(name: "Dog", age: 2, sex: .male, neutered: false, size: .small, keywords: [.smart])
            try profiles.insert(
                try Profile(
                    userID: user.id, nickname: name.prefix(1).uppercased() + name.dropFirst(), dog: dog, photo: nil,
                    createdAt: clock.now(), updatedAt: clock.now()))
        }
        self.users = users
        mates = try app.container.resolve(ManageMates.self)
    }

    func id(_ name: String) throws -> String { try #require(users[name]).id }
}

@Suite struct ManageMatesTests {
    @Test func codesUseOnlyTheUnambiguousAlphabet() {
        for _ in 0..<200 {
            let code = InviteCode.random()
            #expect(code.count == 6)
            #expect(code.allSatisfy { InviteCode.alphabet.contains($0) })
        }
        #expect(!InviteCode.alphabet.contains("0") && !InviteCode.alphabet.contains("O"))
        #expect(!InviteCode.alphabet.contains("1") && !InviteCode.alphabet.contains("I"))
    }

    @Test(arguments: ["", "ABC", "ABCDEFG", "ABCDE0", "ABCD-1"])
    func aCodeOfTheWrongShapeIsInvalidArgument(code: String) {
        let error = #expect(throws: AppError.self) { try InviteCode.parse(code) }
        #expect(error?.code == "invalid_argument")
        #expect(error?.field == "code")
    }

    @Test(arguments: DatabaseBackend.available)
    func joiningMakesBothUsersMatesInOneStep(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let invite = try fixture.mates.invite(userID: try fixture.id("mina"))
        let mate = try fixture.mates.join(code: invite.code.lowercased(), userID: try fixture.id("joon"))
        #expect(mate.userName == "mina")
        #expect(
            try fixture.mates.list(userID: try fixture.id("mina"), page: 1, perPage: 20).map(\.userName) == ["joon"])
        #expect(
            try fixture.mates.list(userID: try fixture.id("joon"), page: 1, perPage: 20).map(\.userName) == ["mina"])
    }

    @Test(arguments: DatabaseBackend.available)
    func aCodeWorksForTenMinutesAndOnce(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let invite = try fixture.mates.invite(userID: try fixture.id("mina"))
        fixture.clock.advance(seconds: 600)
        let expired = #expect(throws: AppError.self) {
            try fixture.mates.join(code: invite.code, userID: try fixture.id("joon"))
        }
        #expect(expired?.code == "mates.expired_code")
        let fresh = try fixture.mates.invite(userID: try fixture.id("mina"))
        fixture.clock.advance(seconds: 599)
        _ = try fixture.mates.join(code: fresh.code, userID: try fixture.id("joon"))
        let reused = #expect(throws: AppError.self) {
            try fixture.mates.join(code: fresh.code, userID: try fixture.id("sol"))
        }
        #expect(reused?.code == "mates.bad_code")
    }

    @Test(arguments: DatabaseBackend.available)
    func fiveWrongCodesLockJoiningUntilTheWindowPasses(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let sol = try fixture.id("sol")
        for _ in 0..<5 {
            let error = #expect(throws: AppError.self) { try fixture.mates.join(code: "ZZZZZZ", userID: sol) }
            #expect(error?.code == "mates.bad_code")
        }
        let invite = try fixture.mates.invite(userID: try fixture.id("mina"))
        let locked = #expect(throws: AppError.self) { try fixture.mates.join(code: invite.code, userID: sol) }
        #expect(locked?.code == "mates.too_many_attempts")
        fixture.clock.advance(seconds: 601)
        let later = try fixture.mates.invite(userID: try fixture.id("mina"))
        #expect(try fixture.mates.join(code: later.code, userID: sol).userName == "mina")
    }

    @Test(arguments: DatabaseBackend.available)
    func yourOwnCodeAndAnExistingMateAreRefused(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let mina = try fixture.id("mina")
        let own = try fixture.mates.invite(userID: mina)
        #expect(throws: AppError.self) { try fixture.mates.join(code: own.code, userID: mina) }
        _ = try fixture.mates.join(code: own.code, userID: try fixture.id("joon"))
        let again = try fixture.mates.invite(userID: mina)
        let error = #expect(throws: AppError.self) {
            try fixture.mates.join(code: again.code, userID: try fixture.id("joon"))
        }
        #expect(error?.code == "mates.already_mates")
    }

    @Test(arguments: DatabaseBackend.available)
    func withoutAProfileThereIsNoInviteAndNoJoin(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let error = #expect(throws: AppError.self) { try fixture.mates.invite(userID: try fixture.id("nobody")) }
        #expect(error?.code == "profiles.not_found")
    }

    @Test(arguments: DatabaseBackend.available)
    func aReportIsStoredAndEndsTheLinkBothWays(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let invite = try fixture.mates.invite(userID: try fixture.id("mina"))
        _ = try fixture.mates.join(code: invite.code, userID: try fixture.id("joon"))
        try fixture.mates.report("joon", reason: "offensive_language", message: "짧은 말", userID: try fixture.id("mina"))
        #expect(try fixture.mates.list(userID: try fixture.id("joon"), page: 1, perPage: 20).isEmpty)
        #expect(try fixture.database.queryOne("SELECT count(*) FROM mate_reports") { try $0.int(0) } == 1)
        let long = #expect(throws: AppError.self) {
            try fixture.mates.report(
                "sol", reason: "other", message: String(repeating: "가", count: 101), userID: try fixture.id("mina"))
        }
        #expect(long?.field == "message")
    }

    @Test(arguments: DatabaseBackend.available)
    func listsAreByNicknameTwentyAPage(backend: DatabaseBackend) throws {
        let fixture = try MatesFixture(backend: backend)
        let mina = try fixture.id("mina")
        for name in ["sol", "joon"] {
            let invite = try fixture.mates.invite(userID: mina)
            _ = try fixture.mates.join(code: invite.code, userID: try fixture.id(name))
        }
        #expect(try fixture.mates.list(userID: mina, page: 1, perPage: 20).map(\.nickname) == ["Joon", "Sol"])
        #expect(try fixture.mates.list(userID: mina, page: 2, perPage: 1).map(\.nickname) == ["Sol"])
        #expect(try fixture.mates.list(userID: mina, page: Int.max, perPage: 20).isEmpty)
    }
}

/// `mates.list` reports a mate's thumbnail by its size and hash (the bytes are read with
/// `profiles.photo`), never the card, and never a path.
@Suite struct MateThumbnailTests {
    @Test func theListGivesTheThumbnailsSizeAndHash() throws {
        let fixture = try MatesFixture()
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 7]
        let photo = try SQLProfileRepository(database: fixture.database).setPhoto(
            of: try fixture.id("joon"), card: ProcessedPhoto.Image(width: 392, height: 591, jpeg: [0xFF, 0xD8, 0xFF]),
            thumbnail: ProcessedPhoto.Image(width: 100, height: 100, jpeg: jpeg), at: fixture.clock.now())
        let invite = try fixture.mates.invite(userID: try fixture.id("mina"))
        _ = try fixture.mates.join(code: invite.code, userID: try fixture.id("joon"))
        let mate = try #require(try fixture.mates.list(userID: try fixture.id("mina"), page: 1, perPage: 20).first)
        #expect(mate.thumbnail == photo.thumbnail)
        #expect(mate.thumbnail == StoredImage(width: 100, height: 100, bytes: 5, sha256: SHA256.hex(jpeg)))
        let value = mate.value(in: .utc)
        #expect(value["thumbnail"] == ["width": 100, "height": 100, "bytes": 5, "sha256": .string(SHA256.hex(jpeg))])
        let mina = try #require(try fixture.mates.list(userID: try fixture.id("joon"), page: 1, perPage: 20).first)
        #expect(mina.thumbnail == nil)
    }
}
