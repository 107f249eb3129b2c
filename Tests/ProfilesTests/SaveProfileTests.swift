import Core
import Profiles
import Testing

/// `profiles.save` creates the acting user's profile, then updates it: the creation time
/// is kept, the update time follows the clock, the photo stays (lua-api.md, profiles).
@Suite struct SaveProfileTests {
    let fixture: ProfileFixture

    init() throws { fixture = try ProfileFixture() }

    @Test func theFirstSaveCreatesTheProfileAtTheClocksTime() throws {
        try fixture.save(nickname: "보리맘")
        let stored = try #require(try fixture.stored())
        let now = try ProfileFixture.instant(ProfileFixture.defaultNow)
        #expect(stored.userID == fixture.user.id)
        #expect(stored.nickname == "보리맘")
        #expect(stored.dog == (try ProfileFixture.dog()))
        #expect(stored.photo == nil)
        #expect(stored.createdAt == now)
        #expect(stored.updatedAt == now)
        #expect(try fixture.profileCount() == 1)
    }

    @Test func aSecondSaveUpdatesKeepingCreatedAtAndMovingUpdatedAtWithTheClock() throws {
        try fixture.save(nickname: "보리맘")
        try fixture.setNow("2026-01-07T08:30:00Z")
        let updated = try fixture.save(
            nickname: "콩이맘",
            dog: ProfileFixture.dogValue([
                "name": "콩이", "age": 5, "sex": "male", "neutered": true, "size": "large",
                "keywords": ["smart", "shy"],
            ]))
        let stored = try #require(try fixture.stored())
        #expect(try fixture.profileCount() == 1)
        #expect(stored.nickname == "콩이맘")
        #expect(
            stored.dog
                == (try Dog(name: "콩이", age: 5, sex: .male, neutered: true, size: .large, keywords: [.smart, .shy])))
        #expect(stored.createdAt == (try ProfileFixture.instant(ProfileFixture.defaultNow)))
        #expect(stored.updatedAt == (try ProfileFixture.instant("2026-01-07T08:30:00Z")))
        #expect(updated["nickname"] == "콩이맘")
        #expect(updated["dog"]["keywords"] == ["smart", "shy"])

        try fixture.setNow("2026-02-01T00:00:00Z")
        try fixture.save(nickname: "콩이맘")
        let again = try #require(try fixture.stored())
        #expect(again.createdAt == (try ProfileFixture.instant(ProfileFixture.defaultNow)))
        #expect(again.updatedAt == (try ProfileFixture.instant("2026-02-01T00:00:00Z")))
    }

    @Test func saveReturnsWhatProfilesMeReturns() throws {
        let saved = try fixture.save()
        #expect(try fixture.call("profiles.me") == saved)
    }

    @Test func eachUserSavesTheirOwnProfile() throws {
        let other = try fixture.addUser(named: "mina")
        try fixture.save(nickname: "보리맘")
        let theirs = try fixture.save(nickname: "콩이맘", dog: ProfileFixture.dogValue(["name": "콩이"]), as: other)
        #expect(theirs["user_id"] == .string(other.id))
        #expect(theirs["user_name"] == "mina")
        #expect(try fixture.stored()?.nickname == "보리맘")
        #expect(try fixture.stored(other)?.dog.name == "콩이")
        #expect(try fixture.profileCount() == 2)
    }

    @Test func anUpdateKeepsThePhoto() throws {
        try fixture.save()
        let photo = try fixture.storePhoto()
        try fixture.setNow("2026-01-08T00:00:00Z")
        let updated = try fixture.save(nickname: "새닉네임")
        #expect(updated["photo"] == ["card": photo.card.value, "thumbnail": photo.thumbnail.value])
        #expect(try fixture.stored()?.photo == photo)
        #expect(try fixture.repository.photoJPEG(of: fixture.user.id, size: .card) == [0xFF, 0xD8, 0xFF, 1])
    }

    @Test func aMissingNicknameOrDogIsRefusedAndNothingIsWritten() throws {
        let before = try fixture.snapshot()
        let noNickname = try fixture.error("profiles.save", ["dog": ProfileFixture.dogValue()])
        #expect(noNickname.code == "invalid_argument")
        #expect(noNickname.field == "nickname")
        let noDog = try fixture.error("profiles.save", ["nickname": "보리맘"])
        #expect(noDog.code == "invalid_argument")
        #expect(noDog.field == "dog")
        #expect(try fixture.snapshot() == before)
    }
}
