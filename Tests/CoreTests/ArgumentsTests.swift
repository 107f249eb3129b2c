import Core
import Testing
import Time

@Suite struct ArgumentsTests {
    @Test func nullValuesAreLeftOut() {
        let arguments = Arguments(["a": 1, "b": .null])
        #expect(arguments.values.keys.sorted() == ["a"])
        #expect(!arguments.has("b"))
        #expect(arguments["b"] == .null)
    }

    @Test func settingNullRemovesAnArgument() {
        var arguments = Arguments(["a": 1])
        arguments["a"] = .null
        do {
            #expect(!arguments.has("a"))
            #expect(arguments.values.isEmpty)
        }
        #expect(arguments["a"] == .null)
    }

    @Test func settingAValueAddsOrReplacesIt() {
        var arguments = Arguments(["a": 1])
        arguments["a"] = 2
        arguments["c"] = "x"
        #expect(arguments == Arguments(["a": 2, "c": "x"]))
    }

    @Test func typedReadsReturnTheValues() throws {
        let arguments = Arguments([
            "s": "text", "i": 3, "f": 4.0, "d": 2.5, "b": true, "on": "2026-11-29", "at": "2026-11-29T08:30:00+09:00",
        ])
        #expect(try arguments.string("s") == "text")
        #expect(try arguments.int("i") == 3)
        #expect(try arguments.int("f") == 4)
        #expect(try arguments.double("d") == 2.5)
        #expect(try arguments.double("i") == 3.0)
        #expect(arguments.bool("b", default: false))
        #expect(try arguments.day("on") == LocalDay(year: 2026, month: 11, day: 29))
        #expect(try arguments.instant("at") == Instant(secondsSince1970: 1_795_908_600))
    }

    @Test func optionalReadsAreNilWhenAbsent() throws {
        let arguments = Arguments()
        #expect(arguments.optionalString("s") == nil)
        #expect(arguments.optionalInt("i") == nil)
        #expect(arguments.optionalDouble("d") == nil)
        #expect(try arguments.optionalDay("on") == nil)
        #expect(try arguments.optionalInstant("at") == nil)
        #expect(arguments.bool("b", default: true))
    }

    /// The required typed reads.
    enum RequiredRead: CaseIterable, Sendable {
        case string, int, double, day, instant

        func read(_ name: String, from arguments: Arguments) throws {
            switch self {
            case .string: _ = try arguments.string(name)
            case .int: _ = try arguments.int(name)
            case .double: _ = try arguments.double(name)
            case .day: _ = try arguments.day(name)
            case .instant: _ = try arguments.instant(name)
            }
        }
    }

    @Test(arguments: RequiredRead.allCases)
    func requiredReadOfAMissingArgumentThrowsNamingTheField(read: RequiredRead) throws {
        let error = try #require(throws: AppError.self) { try read.read("x", from: Arguments()) }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "x")
    }

    @Test(arguments: RequiredRead.allCases)
    func requiredReadOfAValueOfAnotherTypeThrowsNamingTheField(read: RequiredRead) throws {
        let error = try #require(throws: AppError.self) { try read.read("x", from: Arguments(["x": false])) }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "x")
    }

    @Test func badDayTextThrowsNamingTheField() throws {
        let arguments = Arguments(["on": "2026-02-30"])
        let error = try #require(throws: AppError.self) { try arguments.optionalDay("on") }
        #expect(error.field == "on")
        #expect(error.message.contains("'2026-02-30'"))
    }

    @Test func instantWithoutOffsetThrowsNamingTheField() throws {
        let arguments = Arguments(["at": "2026-11-29T08:30:00"])
        let error = try #require(throws: AppError.self) { try arguments.instant("at") }
        #expect(error.field == "at")
        #expect(error.message == "at: '2026-11-29T08:30:00' is not an ISO-8601 instant with an offset")
    }
}
