import Core
import Profiles
import Testing

/// The nickname: 2 to 8 characters after trimming (Hangul counted as characters), unique
/// among users ignoring case; a refused nickname writes nothing (docs/lua-api.md, profiles).
@Suite struct NicknameRuleTests {
    let fixture: ProfileFixture

    init() throws { fixture = try ProfileFixture() }

    static let accepted: [(String, String)] = [
        ("보리", "보리"), ("ab", "ab"), ("abcdefgh", "abcdefgh"), ("보리맘보리맘보리", "보리맘보리맘보리"),
        ("  보리맘  ", "보리맘"), ("\n\tab\t", "ab"), ("  abcdefgh  ", "abcdefgh"), ("보 리", "보 리"),
    ]

    static let refused: [String] = [
        "", "   ", "a", "보", "  a  ", "  보  ", "abcdefghi", "보리맘보리맘보리맘", "  abcdefghi  ",
    ]

    @Test(arguments: accepted)
    func aNicknameOfTwoToEightCharactersAfterTrimmingIsSavedTrimmed(nickname: String, stored: String) throws {
        let profile = try fixture.save(nickname: nickname)
        #expect(profile["nickname"] == .string(stored))
        #expect(try fixture.stored()?.nickname == stored)
    }

    @Test(arguments: refused)
    func aNicknameOfOneOrNineCharactersIsRefusedAndNothingIsWritten(nickname: String) throws {
        let before = try fixture.snapshot()
        let error = try fixture.saveError(nickname: nickname)
        #expect(error.code == "invalid_argument")
        #expect(error.field == "nickname")
        #expect(error.route == "profiles.save")
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.profileCount() == 0)
    }

    @Test func hangulSyllablesCountAsOneCharacterEach() throws {
        #expect(throws: Never.self) {
            try ProfileFixture.profile(of: "u", nickname: "가나다라마바사아", at: .init(secondsSince1970: 0))
        }
        let error = try #require(throws: AppError.self) {
            try ProfileFixture.profile(of: "u", nickname: "가나다라마바사아자", at: .init(secondsSince1970: 0))
        }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "nickname")
    }

    static let takenForms: [String] = ["bori", "BORI", "Bori", "bOrI", "  bori  "]

    @Test(arguments: takenForms)
    func aNicknameAnotherUserHasIgnoringCaseIsTakenAndNothingIsWritten(nickname: String) throws {
        let other = try fixture.addUser(named: "mina")
        try fixture.save(nickname: "Bori", as: other)
        let before = try fixture.snapshot()
        let error = try fixture.saveError(nickname: nickname)
        #expect(error.code == "profiles.nickname_taken")
        #expect(error.field == "nickname")
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.stored() == nil)
        #expect(try fixture.stored(other)?.nickname == "Bori")
    }

    @Test func aNicknameCanonicallyEqualToAnotherUsersIsTaken() throws {
        let other = try fixture.addUser(named: "mina")
        try fixture.save(nickname: "보리맘", as: other)
        let decomposed = "\u{1107}\u{1169}\u{1105}\u{1175}\u{1106}\u{1161}\u{11B7}"
        #expect(decomposed == "보리맘")
        let before = try fixture.snapshot()
        let error = try fixture.saveError(nickname: decomposed)
        #expect(error.code == "profiles.nickname_taken")
        #expect(error.field == "nickname")
        #expect(try fixture.snapshot() == before)
    }

    @Test func aTakenNicknameIsRefusedOnUpdateTooAndTheOldProfileStays() throws {
        let other = try fixture.addUser(named: "mina")
        try fixture.save(nickname: "Bori", as: other)
        try fixture.save(nickname: "콩이맘")
        let before = try fixture.snapshot()
        let error = try fixture.saveError(nickname: "bori")
        #expect(error.code == "profiles.nickname_taken")
        #expect(error.field == "nickname")
        #expect(try fixture.snapshot() == before)
        #expect(try fixture.stored()?.nickname == "콩이맘")
    }

    @Test func aUserMayKeepTheirOwnNicknameWhenUpdating() throws {
        try fixture.save(nickname: "Bori", dog: ProfileFixture.dogValue(["name": "보리"]))
        let updated = try fixture.save(nickname: "Bori", dog: ProfileFixture.dogValue(["name": "콩이"]))
        #expect(updated["nickname"] == "Bori")
        #expect(updated["dog"]["name"] == "콩이")
        #expect(try fixture.stored()?.dog.name == "콩이")
        #expect(try fixture.profileCount() == 1)
    }

    @Test func aUserMayChangeTheCaseOfTheirOwnNickname() throws {
        try fixture.save(nickname: "Bori")
        let updated = try fixture.save(nickname: "BORI")
        #expect(updated["nickname"] == "BORI")
        #expect(try fixture.stored()?.nickname == "BORI")
    }

    @Test func aNicknameAUserGaveUpIsFreeForOthers() throws {
        let other = try fixture.addUser(named: "mina")
        try fixture.save(nickname: "Bori")
        try fixture.save(nickname: "콩이맘")
        let profile = try fixture.save(nickname: "bori", as: other)
        #expect(profile["nickname"] == "bori")
    }

    @Test func theRepositoryTellsWhetherAnotherUserHasTheNicknameIgnoringCase() throws {
        let other = try fixture.addUser(named: "mina")
        try fixture.save(nickname: "Bori", as: other)
        #expect(try fixture.repository.isNicknameTaken("bori", byOtherThan: fixture.user.id))
        #expect(try fixture.repository.isNicknameTaken(" BORI ", byOtherThan: fixture.user.id))
        #expect(try !fixture.repository.isNicknameTaken("bori", byOtherThan: other.id))
        #expect(try !fixture.repository.isNicknameTaken("콩이", byOtherThan: fixture.user.id))
    }
}
