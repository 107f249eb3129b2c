import AppTestSupport
import Core
import Profiles
import Storage
import Testing
import Time

/// `SQLProfileRepository`: one profile per user; insert refuses a second profile
/// (`profiles.exists`) or a taken nickname, update refuses a missing profile
/// (`profiles.not_found`).
@Suite struct SQLProfileRepositoryTests {
    let fixture: ProfileFixture
    let now: Instant

    init(_ backend: DatabaseBackend = .sqlite) throws {
        fixture = try ProfileFixture(backend: backend)
        now = try TestTime.instant(ProfileFixture.defaultNow)
    }

    @Test(arguments: DatabaseBackend.available)
    func anInsertedProfileReadsBackEqual(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let profile = try ProfileFixture.profile(
            of: suite.fixture.user.id,
            dog: try Dog(
                name: "보리", age: 0, sex: .male, neutered: true, size: .medium, keywords: [.independent, .shy]),
            photo: nil, at: suite.now)
        try suite.fixture.repository.insert(profile)
        #expect(try suite.fixture.repository.profile(of: suite.fixture.user.id) == profile)
    }

    @Test(arguments: DatabaseBackend.available)
    func aUserWithoutAProfileHasNone(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        #expect(try suite.fixture.repository.profile(of: suite.fixture.user.id) == nil)
    }

    @Test(arguments: DatabaseBackend.available)
    func insertingASecondProfileForTheSameUserIsProfilesExists(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.repository.insert(
            try ProfileFixture.profile(of: suite.fixture.user.id, nickname: "보리맘", at: suite.now))
        let before = try suite.fixture.snapshot()
        let error = try #require(throws: AppError.self) {
            try suite.fixture.repository.insert(
                try ProfileFixture.profile(
                    of: suite.fixture.user.id, nickname: "콩이맘", at: suite.now.adding(seconds: 60)))
        }
        #expect(error.code == "profiles.exists")
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func insertingASecondProfileWithTheSameNicknameForTheSameUserIsProfilesExists(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.repository.insert(
            try ProfileFixture.profile(of: suite.fixture.user.id, nickname: "보리맘", at: suite.now))
        let error = try #require(throws: AppError.self) {
            try suite.fixture.repository.insert(
                try ProfileFixture.profile(of: suite.fixture.user.id, nickname: "보리맘", at: suite.now))
        }
        #expect(error.code == "profiles.exists")
    }

    @Test(arguments: DatabaseBackend.available)
    func insertingANicknameAnotherUserHasIgnoringCaseIsNicknameTaken(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let mina = try suite.fixture.addUser(named: "mina")
        try suite.fixture.repository.insert(try ProfileFixture.profile(of: mina.id, nickname: "Bori", at: suite.now))
        let error = try #require(throws: AppError.self) {
            try suite.fixture.repository.insert(
                try ProfileFixture.profile(of: suite.fixture.user.id, nickname: "BORI", at: suite.now))
        }
        #expect(error.code == "profiles.nickname_taken")
        #expect(error.field == "nickname")
        #expect(try suite.fixture.repository.profile(of: suite.fixture.user.id) == nil)
    }

    @Test(arguments: DatabaseBackend.available)
    func updatingAMissingProfileIsProfilesNotFound(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let before = try suite.fixture.snapshot()
        let error = try #require(throws: AppError.self) {
            try suite.fixture.repository.update(try ProfileFixture.profile(of: suite.fixture.user.id, at: suite.now))
        }
        #expect(error.code == "profiles.not_found")
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func updatingToANicknameAnotherUserHasIsNicknameTaken(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let mina = try suite.fixture.addUser(named: "mina")
        try suite.fixture.repository.insert(try ProfileFixture.profile(of: mina.id, nickname: "Bori", at: suite.now))
        try suite.fixture.repository.insert(
            try ProfileFixture.profile(of: suite.fixture.user.id, nickname: "콩이맘", at: suite.now))
        let error = try #require(throws: AppError.self) {
            try suite.fixture.repository.update(
                try ProfileFixture.profile(of: suite.fixture.user.id, nickname: "bori", at: suite.now))
        }
        #expect(error.code == "profiles.nickname_taken")
        #expect(try suite.fixture.repository.profile(of: suite.fixture.user.id)?.nickname == "콩이맘")
    }

    @Test(arguments: DatabaseBackend.available)
    func updateReplacesEverythingButCreatedAt(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.repository.insert(try ProfileFixture.profile(of: suite.fixture.user.id, at: suite.now))
        let later = suite.now.adding(seconds: 3600)
        let changed = try Profile(
            userID: suite.fixture.user.id, nickname: "콩이맘",
            dog: try Dog(name: "콩이", age: 99, sex: .male, neutered: true, size: .large, keywords: [.energetic]),
            photo: nil, createdAt: later, updatedAt: later)
        try suite.fixture.repository.update(changed)
        let stored = try #require(try suite.fixture.repository.profile(of: suite.fixture.user.id))
        #expect(stored.nickname == "콩이맘")
        #expect(stored.dog == changed.dog)
        #expect(stored.photo == changed.photo)
        #expect(stored.createdAt == suite.now)
        #expect(stored.updatedAt == later)
    }

    @Test(arguments: DatabaseBackend.available)
    func aProfileNeedsAnExistingUser(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        #expect(throws: StorageError.self) {
            try suite.fixture.repository.insert(try ProfileFixture.profile(of: "no-such-user", at: suite.now))
        }
        #expect(try suite.fixture.profileCount() == 0)
    }
}
