import Core
import Formats
import Profiles
import Testing

/// `profiles.me` and `profiles.get(user)`: the profile record
/// `{user_id, user_name, nickname, dog={name, age, sex, neutered, size, keywords}, photo?}`,
/// or `profiles.not_found` (docs/lua-api.md, profiles).
@Suite struct GetProfileTests {
    let fixture: ProfileFixture

    init() throws { fixture = try ProfileFixture() }

    @Test func everyRouteOfTheContractIsDeclared() {
        #expect(
            fixture.router.routes.map(\.name) == [
                "profiles.get", "profiles.me", "profiles.photo", "profiles.save", "profiles.set_photo",
            ])
    }

    @Test func meWithoutAProfileIsNotFound() throws {
        let error = try fixture.error("profiles.me")
        #expect(error.code == "profiles.not_found")
        #expect(error.route == "profiles.me")
        #expect(error.message == "you have no profile yet")
    }

    @Test func theRecordHasExactlyTheContractsFieldsAndNoPhotoBeforeOneIsSet() throws {
        try fixture.save(
            nickname: " 보리맘 ",
            dog: ProfileFixture.dogValue(["neutered": true, "keywords": ["friendly", "energetic"]]))
        let profile = try fixture.call("profiles.me")
        let expected: Value = [
            "user_id": .string(fixture.user.id), "user_name": "me", "nickname": "보리맘",
            "dog": [
                "name": "보리", "age": 3, "sex": "female", "neutered": true, "size": "small",
                "keywords": ["friendly", "energetic"],
            ],
        ]
        #expect(profile == expected)
        #expect(profile.recordValue?.keys == ["user_id", "user_name", "nickname", "dog"])
        #expect(profile["dog"].recordValue?.keys == ["name", "age", "sex", "neutered", "size", "keywords"])
        #expect(profile.recordValue?["photo"] == nil)
    }

    @Test func theRecordCarriesThePhotoOnceSet() throws {
        try fixture.save()
        try fixture.storePhoto()
        let profile = try fixture.call("profiles.me")
        #expect(profile.recordValue?.keys == ["user_id", "user_name", "nickname", "dog", "photo"])
        #expect(
            profile["photo"] == [
                "card": [
                    "width": 392, "height": 591, "bytes": 4, "sha256": .string(SHA256.hex([0xFF, 0xD8, 0xFF, 1])),
                ],
                "thumbnail": [
                    "width": 100, "height": 100, "bytes": 4, "sha256": .string(SHA256.hex([0xFF, 0xD8, 0xFF, 2])),
                ],
            ])
        #expect(profile["photo"]["card"].recordValue?.keys == ["width", "height", "bytes", "sha256"])
    }

    @Test func getFindsAnotherUsersProfileByUserName() throws {
        let mina = try fixture.addUser(named: "mina")
        let saved = try fixture.save(nickname: "콩이맘", dog: ProfileFixture.dogValue(["name": "콩이"]), as: mina)
        let profile = try fixture.call("profiles.get", ["user": "mina"])
        #expect(profile == saved)
        #expect(profile["user_id"] == .string(mina.id))
        #expect(profile["user_name"] == "mina")
        #expect(profile["dog"]["name"] == "콩이")
    }

    @Test func getFindsAnotherUsersProfileById() throws {
        let mina = try fixture.addUser(named: "mina")
        let saved = try fixture.save(nickname: "콩이맘", as: mina)
        #expect(try fixture.call("profiles.get", ["user": .string(mina.id)]) == saved)
        #expect(try fixture.call("profiles.get", ["user": .string(mina.id.uppercased())]) == saved)
    }

    @Test func getFindsTheActingUsersOwnProfile() throws {
        let saved = try fixture.save()
        #expect(try fixture.call("profiles.get", ["user": "me"]) == saved)
    }

    static let unknownReferences: [String] = ["nobody", "", "00000000-0000-0000-0000-000000000000"]

    @Test(arguments: unknownReferences)
    func getOfAnUnknownUserIsNotFound(reference: String) throws {
        try fixture.save()
        let error = try fixture.error("profiles.get", ["user": .string(reference)])
        #expect(error.code == "profiles.not_found")
        #expect(error.route == "profiles.get")
    }

    @Test func getOfAUserWithoutAProfileIsNotFound() throws {
        let mina = try fixture.addUser(named: "mina")
        try fixture.save()
        #expect(try fixture.error("profiles.get", ["user": "mina"]).code == "profiles.not_found")
        #expect(try fixture.error("profiles.get", ["user": "mina"]).message == "'mina' has no profile yet")
        #expect(try fixture.error("profiles.get", ["user": .string(mina.id)]).code == "profiles.not_found")
    }

    @Test func meShowsOnlyTheActingUsersProfile() throws {
        let mina = try fixture.addUser(named: "mina")
        try fixture.save(nickname: "콩이맘", as: mina)
        #expect(try fixture.error("profiles.me").code == "profiles.not_found")
        #expect(try fixture.call("profiles.me", as: mina)["nickname"] == "콩이맘")
    }
}
