import Core
import Profiles
import Testing

/// `SQLProfileRepository`: one profile per user; insert refuses a second profile
/// (`profiles.exists`) or a taken nickname, update refuses a missing profile
/// (`profiles.not_found`).
@Suite struct SQLProfileRepositoryTests {
    let fixture: ProfileFixture
    let now: Instant

    init() throws {
        fixture = try ProfileFixture()
        now = try ProfileFixture.instant(ProfileFixture.defaultNow)
    }

    @Test func anInsertedProfileReadsBackEqual() throws {
        let profile = try ProfileFixture.profile(
            of: fixture.user.id,
            dog: try Dog(
                name: "보리", age: 0, sex: .male, neutered: true, size: .medium, keywords: [.independent, .shy]),
            photo: ProfilePhoto(cardPath: "c.jpg", thumbnailPath: "t.jpg"), at: now)
        try fixture.repository.insert(profile)
        #expect(try fixture.repository.profile(of: fixture.user.id) == profile)
    }

    @Test func aUserWithoutAProfileHasNone() throws {
        #expect(try fixture.repository.profile(of: fixture.user.id) == nil)
    }

    @Test func insertingASecondProfileForTheSameUserIsProfilesExists() throws {
        try fixture.repository.insert(try ProfileFixture.profile(of: fixture.user.id, nickname: "보리맘", at: now))
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) {
            try fixture.repository.insert(
                try ProfileFixture.profile(of: fixture.user.id, nickname: "콩이맘", at: now.adding(seconds: 60)))
        }
        #expect(error.code == "profiles.exists")
        #expect(try fixture.snapshot() == before)
    }

    @Test func insertingASecondProfileWithTheSameNicknameForTheSameUserIsProfilesExists() throws {
        try fixture.repository.insert(try ProfileFixture.profile(of: fixture.user.id, nickname: "보리맘", at: now))
        let error = try #require(throws: AppError.self) {
            try fixture.repository.insert(try ProfileFixture.profile(of: fixture.user.id, nickname: "보리맘", at: now))
        }
        #expect(error.code == "profiles.exists")
    }

    @Test func insertingANicknameAnotherUserHasIgnoringCaseIsNicknameTaken() throws {
        let mina = try fixture.addUser(named: "mina")
        try fixture.repository.insert(try ProfileFixture.profile(of: mina.id, nickname: "Bori", at: now))
        let error = try #require(throws: AppError.self) {
            try fixture.repository.insert(try ProfileFixture.profile(of: fixture.user.id, nickname: "BORI", at: now))
        }
        #expect(error.code == "profiles.nickname_taken")
        #expect(error.field == "nickname")
        #expect(try fixture.repository.profile(of: fixture.user.id) == nil)
    }

    @Test func updatingAMissingProfileIsProfilesNotFound() throws {
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) {
            try fixture.repository.update(try ProfileFixture.profile(of: fixture.user.id, at: now))
        }
        #expect(error.code == "profiles.not_found")
        #expect(try fixture.snapshot() == before)
    }

    @Test func updatingToANicknameAnotherUserHasIsNicknameTaken() throws {
        let mina = try fixture.addUser(named: "mina")
        try fixture.repository.insert(try ProfileFixture.profile(of: mina.id, nickname: "Bori", at: now))
        try fixture.repository.insert(try ProfileFixture.profile(of: fixture.user.id, nickname: "콩이맘", at: now))
        let error = try #require(throws: AppError.self) {
            try fixture.repository.update(try ProfileFixture.profile(of: fixture.user.id, nickname: "bori", at: now))
        }
        #expect(error.code == "profiles.nickname_taken")
        #expect(try fixture.repository.profile(of: fixture.user.id)?.nickname == "콩이맘")
    }

    @Test func updateReplacesEverythingButCreatedAt() throws {
        try fixture.repository.insert(try ProfileFixture.profile(of: fixture.user.id, at: now))
        let later = now.adding(seconds: 3600)
        let changed = try Profile(
            userID: fixture.user.id, nickname: "콩이맘",
            dog: try Dog(name: "콩이", age: 99, sex: .male, neutered: true, size: .large, keywords: [.energetic]),
            photo: ProfilePhoto(cardPath: "c.jpg", thumbnailPath: "t.jpg"), createdAt: later, updatedAt: later)
        try fixture.repository.update(changed)
        let stored = try #require(try fixture.repository.profile(of: fixture.user.id))
        #expect(stored.nickname == "콩이맘")
        #expect(stored.dog == changed.dog)
        #expect(stored.photo == changed.photo)
        #expect(stored.createdAt == now)
        #expect(stored.updatedAt == later)
    }

    @Test func aProfileNeedsAnExistingUser() throws {
        #expect(throws: AppError.self) {
            try fixture.repository.insert(try ProfileFixture.profile(of: "no-such-user", at: now))
        }
        #expect(try fixture.profileCount() == 0)
    }
}
