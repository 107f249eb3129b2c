import Core
import Formats
import Profiles
import Testing

/// The `ProfileDirectory` the plugin registers: what other features may know of a profile
/// (nickname, dog name, keywords, thumbnail), nil for a user without one.
@Suite struct ProfileDirectoryTests {
    let fixture: ProfileFixture

    init() throws { fixture = try ProfileFixture() }

    private var directory: any ProfileDirectory {
        get throws { try fixture.container.resolve((any ProfileDirectory).self) }
    }

    @Test func aUserWithAProfileHasAnEntryWithoutAThumbnailBeforeAPhoto() throws {
        try fixture.save(
            nickname: "보리맘", dog: ProfileFixture.dogValue(["name": " 보리 ", "keywords": ["shy", "smart"]]))
        let entry = try #require(try directory.entry(for: fixture.user.id))
        #expect(
            entry
                == ProfileDirectoryEntry(
                    userID: fixture.user.id, nickname: "보리맘", dogName: "보리", dogKeywords: ["shy", "smart"],
                    thumbnail: nil))
    }

    @Test func aUserWithoutAProfileHasNoEntry() throws {
        let mina = try fixture.addUser(named: "mina")
        try fixture.save()
        #expect(try directory.entry(for: mina.id) == nil)
        #expect(try directory.entry(for: "no-such-user") == nil)
    }

    @Test func theEntryGivesTheThumbnailNeverTheCard() throws {
        try fixture.save()
        let photo = try fixture.storePhoto()
        let entry = try #require(try directory.entry(for: fixture.user.id))
        #expect(entry.thumbnail == photo.thumbnail)
        #expect(entry.thumbnail?.sha256 == SHA256.hex([0xFF, 0xD8, 0xFF, 2]))
    }

    @Test func theEntryFollowsAnUpdate() throws {
        try fixture.save(nickname: "보리맘")
        try fixture.save(nickname: "콩이맘", dog: ProfileFixture.dogValue(["name": "콩이", "keywords": ["energetic"]]))
        let entry = try #require(try directory.entry(for: fixture.user.id))
        #expect(entry.nickname == "콩이맘")
        #expect(entry.dogName == "콩이")
        #expect(entry.dogKeywords == ["energetic"])
    }

    @Test func entriesAreReadAtOnceForTheUsersWithAProfile() throws {
        try fixture.save(nickname: "보리맘", dog: ProfileFixture.dogValue(["keywords": ["shy"]]))
        let mina = try fixture.addUser(named: "mina")
        let entries = try directory.entries(for: [fixture.user.id, mina.id, "no-such-user", fixture.user.id])
        #expect(entries.count == 1)
        #expect(entries[fixture.user.id] == (try directory.entry(for: fixture.user.id)))
        #expect(try directory.entries(for: [String]()).isEmpty)
    }
}
