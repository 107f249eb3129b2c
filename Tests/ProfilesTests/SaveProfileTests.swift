import AppTestSupport
import Core
import Profiles
import Storage
import Testing

/// `profiles.save` creates the acting user's profile, then updates it: the creation time
/// is kept, the update time follows the clock, the photo stays (docs/lua-api.md, profiles).
@Suite struct SaveProfileTests {
    let fixture: ProfileFixture

    init(_ backend: DatabaseBackend = .sqlite) throws { fixture = try ProfileFixture(backend: backend) }

    @Test(arguments: DatabaseBackend.available)
    func theFirstSaveCreatesTheProfileAtTheClocksTime(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.save(nickname: "보리맘")
        let stored = try #require(try suite.fixture.stored())
        let now = try TestTime.instant(ProfileFixture.defaultNow)
        #expect(stored.userID == suite.fixture.user.id)
        #expect(stored.nickname == "보리맘")
        #expect(stored.dog == (try ProfileFixture.dog()))
        #expect(stored.photo == nil)
        #expect(stored.createdAt == now)
        #expect(stored.updatedAt == now)
        #expect(try suite.fixture.profileCount() == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func aSecondSaveUpdatesKeepingCreatedAtAndMovingUpdatedAtWithTheClock(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.save(nickname: "보리맘")
        try suite.fixture.setNow("2026-01-07T08:30:00Z")
        let updated = try suite.fixture.save(
            nickname: "콩이맘",
            dog: ProfileFixture.dogValue([
                "name": "콩이", "age": 5, "sex": "male", "neutered": true, "size": "large",
                "keywords": ["smart", "shy"],
            ]))
        let stored = try #require(try suite.fixture.stored())
        #expect(try suite.fixture.profileCount() == 1)
        #expect(stored.nickname == "콩이맘")
        #expect(
            stored.dog
                == (try Dog(name: "콩이", age: 5, sex: .male, neutered: true, size: .large, keywords: [.smart, .shy])))
        #expect(stored.createdAt == (try TestTime.instant(ProfileFixture.defaultNow)))
        #expect(stored.updatedAt == (try TestTime.instant("2026-01-07T08:30:00Z")))
        #expect(updated["nickname"] == "콩이맘")
        #expect(updated["dog"]["keywords"] == ["smart", "shy"])

        try suite.fixture.setNow("2026-02-01T00:00:00Z")
        try suite.fixture.save(nickname: "콩이맘")
        let again = try #require(try suite.fixture.stored())
        #expect(again.createdAt == (try TestTime.instant(ProfileFixture.defaultNow)))
        #expect(again.updatedAt == (try TestTime.instant("2026-02-01T00:00:00Z")))
    }

    @Test(arguments: DatabaseBackend.available)
    func saveReturnsWhatProfilesMeReturns(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let saved = try suite.fixture.save()
        #expect(try suite.fixture.call("profiles.me") == saved)
    }

    @Test(arguments: DatabaseBackend.available)
    func eachUserSavesTheirOwnProfile(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let other = try suite.fixture.addUser(named: "mina")
        try suite.fixture.save(nickname: "보리맘")
        let theirs = try suite.fixture.save(nickname: "콩이맘", dog: ProfileFixture.dogValue(["name": "콩이"]), as: other)
        #expect(theirs["user_id"] == .string(other.id))
        #expect(theirs["user_name"] == "mina")
        #expect(try suite.fixture.stored()?.nickname == "보리맘")
        #expect(try suite.fixture.stored(other)?.dog.name == "콩이")
        #expect(try suite.fixture.profileCount() == 2)
    }

    @Test(arguments: DatabaseBackend.available)
    func anUpdateKeepsThePhoto(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.fixture.save()
        let photo = try suite.fixture.storePhoto()
        try suite.fixture.setNow("2026-01-08T00:00:00Z")
        let updated = try suite.fixture.save(nickname: "새닉네임")
        #expect(updated["photo"] == ["card": photo.card.value, "thumbnail": photo.thumbnail.value])
        #expect(try suite.fixture.stored()?.photo == photo)
        let card = try suite.fixture.repository.photoJPEG(of: suite.fixture.user.id, size: .card)
        #expect(card == [0xFF, 0xD8, 0xFF, 1])
    }

    @Test(arguments: DatabaseBackend.available)
    func aMissingNicknameOrDogIsRefusedAndNothingIsWritten(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let before = try suite.fixture.snapshot()
        let noNickname = try suite.fixture.error("profiles.save", ["dog": ProfileFixture.dogValue()])
        #expect(noNickname.code == "invalid_argument")
        #expect(noNickname.field == "nickname")
        let noDog = try suite.fixture.error("profiles.save", ["nickname": "보리맘"])
        #expect(noDog.code == "invalid_argument")
        #expect(noDog.field == "dog")
        #expect(try suite.fixture.snapshot() == before)
    }
}
