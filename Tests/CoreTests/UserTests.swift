import Core
import Testing

@Suite struct UserTests {
    @Test(arguments: ["mina", "a.b-c_1", String(repeating: "a", count: 32), "A", "0", "Mina.Kim-2", "_", "..."])
    func acceptsNamesOfAllowedCharacters(name: String) {
        #expect(throws: Never.self) { try User.validate(name: name) }
    }

    @Test(arguments: ["", String(repeating: "a", count: 33)])
    func refusesNamesOfTheWrongLength(name: String) throws {
        let error = try #require(throws: AppError.self) { try User.validate(name: name) }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
        #expect(error.message.contains("1 to 32 characters, got \(name.count)"))
    }

    @Test(arguments: ["with space", "한글", "é", "tab\t", "semi;colon", "slash/", "emoji🏃", "new\nline", "ａ"])
    func refusesNamesWithOtherCharacters(name: String) throws {
        let error = try #require(throws: AppError.self) { try User.validate(name: name) }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
        #expect(error.message.contains("'\(name)'"))
    }
}
