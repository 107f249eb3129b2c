import AppTestSupport
import Core
import Profiles
import Testing

/// The dog of `profiles.save`: name 1 to 15 characters after trimming, age an integer 0 to
/// 99, sex and size from their enums, 1 or 2 distinct keywords of five, neutered false by
/// default, no unknown fields. Each refusal is `invalid_argument` naming its field and
/// writes nothing (docs/lua-api.md, profiles).
@Suite struct DogRuleTests {
    let fixture: ProfileFixture

    init() throws { fixture = try ProfileFixture() }

    /// Saves with `dog` and expects `invalid_argument` on `field` with the database unchanged.
    private func expectRefused(
        _ dog: Value, field: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try fixture.snapshot()
        let error = try fixture.saveError(dog: dog, sourceLocation: sourceLocation)
        #expect(error.code == "invalid_argument", sourceLocation: sourceLocation)
        #expect(error.field == field, sourceLocation: sourceLocation)
        #expect(try fixture.snapshot() == before, sourceLocation: sourceLocation)
    }

    // MARK: Name

    static let acceptedNames: [(String, String)] = [
        ("콩", "콩"), ("a", "a"), ("  보리  ", "보리"), ("abcdefghijklmno", "abcdefghijklmno"),
        ("가나다라마바사아자차카타파하가", "가나다라마바사아자차카타파하가"), ("  abcdefghijklmno  ", "abcdefghijklmno"),
    ]

    @Test(arguments: acceptedNames)
    func aDogNameOfOneToFifteenCharactersAfterTrimmingIsSavedTrimmed(name: String, stored: String) throws {
        let profile = try fixture.save(dog: ProfileFixture.dogValue(["name": .string(name)]))
        #expect(profile["dog"]["name"] == .string(stored))
        #expect(try fixture.stored()?.dog.name == stored)
    }

    static let refusedNames: [Value] = [
        "", "   ", "abcdefghijklmnop", "가나다라마바사아자차카타파하가나", 3, true, .null,
    ]

    @Test(arguments: refusedNames)
    func aDogNameEmptyOverFifteenCharactersOrNotAStringIsRefused(name: Value) throws {
        try expectRefused(ProfileFixture.dogValue(["name": name]), field: "dog.name")
    }

    // MARK: Age

    static let acceptedAges: [(Value, Int)] = [(0, 0), (1, 1), (98, 98), (99, 99), (2.0, 2), (0.0, 0)]

    @Test(arguments: acceptedAges)
    func anAgeFromZeroToNinetyNineIsSavedAsAnInteger(age: Value, stored: Int) throws {
        let profile = try fixture.save(dog: ProfileFixture.dogValue(["age": age]))
        #expect(profile["dog"]["age"] == .int(stored))
        #expect(try fixture.stored()?.dog.age == stored)
    }

    static let refusedAges: [Value] = [-1, 100, 1000, 2.5, 99.5, -0.5, "3", true, .null]

    @Test(arguments: refusedAges)
    func anAgeOutsideZeroToNinetyNineOrNotAWholeNumberIsRefused(age: Value) throws {
        try expectRefused(ProfileFixture.dogValue(["age": age]), field: "dog.age")
    }

    // MARK: Sex and size

    static let sexes: [String] = DogSex.allCases.map(\.rawValue)

    @Test(arguments: sexes)
    func eachSexIsAccepted(sex: String) throws {
        let profile = try fixture.save(dog: ProfileFixture.dogValue(["sex": .string(sex)]))
        #expect(profile["dog"]["sex"] == .string(sex))
        #expect(try fixture.stored()?.dog.sex.rawValue == sex)
    }

    static let refusedSexes: [Value] = ["Male", "FEMALE", "남", "여", "", 1, .null]

    @Test(arguments: refusedSexes)
    func aSexOtherThanMaleOrFemaleIsRefused(sex: Value) throws {
        try expectRefused(ProfileFixture.dogValue(["sex": sex]), field: "dog.sex")
    }

    static let sizes: [String] = ["small", "medium", "large"]

    @Test(arguments: sizes)
    func eachSizeIsAccepted(size: String) throws {
        let profile = try fixture.save(dog: ProfileFixture.dogValue(["size": .string(size)]))
        #expect(profile["dog"]["size"] == .string(size))
        #expect(try fixture.stored()?.dog.size.rawValue == size)
    }

    static let refusedSizes: [Value] = ["big", "Small", "소형", "tiny", "", 2, .null]

    @Test(arguments: refusedSizes)
    func aSizeOtherThanSmallMediumOrLargeIsRefused(size: Value) throws {
        try expectRefused(ProfileFixture.dogValue(["size": size]), field: "dog.size")
    }

    // MARK: Keywords

    static let acceptedKeywords: [[String]] =
        DogKeyword.allCases.map { [$0.rawValue] } + [["energetic", "smart"], ["independent", "shy"]]

    @Test(arguments: acceptedKeywords)
    func oneOrTwoDistinctKeywordsAreSavedInOrder(keywords: [String]) throws {
        let value = Value.array(keywords.map(Value.string))
        let profile = try fixture.save(dog: ProfileFixture.dogValue(["keywords": value]))
        #expect(profile["dog"]["keywords"] == value)
        #expect(try fixture.stored()?.dog.keywords.map(\.rawValue) == keywords)
    }

    static let refusedKeywords: [Value] = [
        [], ["energetic", "smart", "friendly"], ["shy", "shy"], ["lazy"], ["friendly", "lazy"], ["Friendly"],
        ["친화력 좋은"], [1], "friendly", .null,
    ]

    @Test(arguments: refusedKeywords)
    func zeroThreeDuplicateOrUnknownKeywordsAreRefused(keywords: Value) throws {
        try expectRefused(ProfileFixture.dogValue(["keywords": keywords]), field: "dog.keywords")
    }

    // MARK: Neutered and unknown fields

    @Test func neuteredDefaultsToFalse() throws {
        let profile = try fixture.save(dog: ProfileFixture.dogValue())
        #expect(profile["dog"]["neutered"] == false)
        #expect(try fixture.stored()?.dog.neutered == false)
    }

    static let neuteredValues: [Bool] = [true, false]

    @Test(arguments: neuteredValues)
    func neuteredIsSavedAsGiven(neutered: Bool) throws {
        let profile = try fixture.save(dog: ProfileFixture.dogValue(["neutered": .bool(neutered)]))
        #expect(profile["dog"]["neutered"] == .bool(neutered))
        #expect(try fixture.stored()?.dog.neutered == neutered)
    }

    @Test func aNeuteredThatIsNotABooleanIsRefused() throws {
        try expectRefused(ProfileFixture.dogValue(["neutered": "yes"]), field: "dog.neutered")
    }

    static let unknownFields: [String] = ["breed", "sexUponIntake", "photo", "Name"]

    @Test(arguments: unknownFields)
    func anUnknownFieldInTheDogIsRefused(field: String) throws {
        try expectRefused(ProfileFixture.dogValue([field: "x"]), field: "dog")
    }

    @Test func aDogThatIsNotATableIsRefused() throws {
        let before = try fixture.snapshot()
        let error = try fixture.saveError(dog: "보리")
        #expect(error.code == "invalid_argument")
        #expect(error.field == "dog")
        #expect(try fixture.snapshot() == before)
    }

    @Test func aBadDogOnUpdateLeavesTheStoredProfileAsItWas() throws {
        try fixture.save()
        try fixture.setNow("2026-01-07T12:00:00Z")
        try expectRefused(ProfileFixture.dogValue(["age": 100]), field: "dog.age")
        try expectRefused(ProfileFixture.dogValue(["keywords": ["shy", "shy"]]), field: "dog.keywords")
        #expect(try fixture.stored()?.updatedAt == TestTime.instant(ProfileFixture.defaultNow))
    }

    // MARK: The Dog type itself

    static let invalidDogs: [(String, Int, [DogKeyword], String)] = [
        ("", 3, [.smart], "dog.name"), ("abcdefghijklmnop", 3, [.smart], "dog.name"),
        ("보리", -1, [.smart], "dog.age"), ("보리", 100, [.smart], "dog.age"),
        ("보리", 3, [], "dog.keywords"), ("보리", 3, [.smart, .shy, .energetic], "dog.keywords"),
        ("보리", 3, [.smart, .smart], "dog.keywords"),
    ]

    @Test(arguments: invalidDogs)
    func theDogInitializerChecksNameAgeAndKeywords(
        name: String, age: Int, keywords: [DogKeyword], field: String
    ) throws {
        let error = try #require(throws: AppError.self) {
            try Dog(name: name, age: age, sex: .male, neutered: true, size: .large, keywords: keywords)
        }
        #expect(error.code == "invalid_argument")
        #expect(error.field == field)
    }
}
