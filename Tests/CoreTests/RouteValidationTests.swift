import Core
import Testing
import Time

@Suite struct RouteValidationTests {
    /// `x.y(name, count?, {on=?, kind=?, tags=?, at=?, size=?, limit=})`.
    static let route = Route(
        "x.y", summary: "A route with one parameter of each interesting type.",
        parameters: [
            .positional("name", .string, "A name."),
            .positional("count", .integer, "How many.", required: false),
            .option("on", .day, "The day."),
            .option("kind", .choice(["a", "b"]), "The kind."),
            .option("tags", .array(.string), "Labels."),
            .option("at", .instant, "When."),
            .option("size", .number, "How big."),
            .option("limit", .integer, "At most this many.", required: true),
        ],
        returns: "any", example: "x.y(\"n\", {limit = 1})"
    ) { arguments, _ in .table(Record(arguments.values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })) }

    /// Valid arguments plus `changes` (a `.null` change removes the argument).
    static func arguments(_ changes: [String: Value] = [:]) -> Arguments {
        var arguments = Arguments(["name": "n", "limit": 1])
        for (key, value) in changes { arguments[key] = value }
        return arguments
    }

    static func session() -> Session {
        let start = Instant(secondsSince1970: 1_795_908_600)
        return Session(
            user: User(id: "00000000-0000-0000-0000-000000000001", name: "mina", createdAt: start),
            clock: FixedClock(start), container: Container())
    }

    static func validationError(_ arguments: Arguments) throws -> AppError {
        try #require(throws: AppError.self) { try route.validate(arguments) }
    }

    @Test func validArgumentsPassUnchanged() throws {
        let arguments = Self.arguments(["on": "2026-11-29", "kind": "a", "tags": ["x", "y"], "size": 2.5])
        #expect(try Self.route.validate(arguments) == arguments)
    }

    @Test func missingRequiredPositionalNamesItsPositionAndField() throws {
        let error = try Self.validationError(Self.arguments(["name": .null]))
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
        #expect(error.message.contains("bad argument #1 to 'x.y'"))
        #expect(error.message.contains("(string expected, got no value)"))
    }

    @Test func missingRequiredOptionNamesTheField() throws {
        let error = try Self.validationError(Self.arguments(["limit": .null]))
        #expect(error.field == "limit")
        #expect(error.message.contains("bad field 'limit' to 'x.y'"))
    }

    @Test func absentOptionalParametersAreAccepted() throws {
        let conformed = try Self.route.validate(Self.arguments())
        #expect(!conformed.has("count"))
        #expect(!conformed.has("on"))
    }

    @Test func wrongTypeSaysWhatWasExpectedAndWhatCame() throws {
        let error = try Self.validationError(Self.arguments(["name": 3]))
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
        #expect(error.message == "bad argument #1 to 'x.y' (string expected, got number)")
    }

    @Test(arguments: [
        (Value.bool(true), "(integer expected, got boolean)"),
        (Value.string("3"), "(integer expected, got string)"),
        (Value.array([1]), "(integer expected, got table)"),
    ])
    func secondPositionalOfTheWrongTypeIsArgumentTwo(value: Value, detail: String) throws {
        let error = try Self.validationError(Self.arguments(["count": value]))
        #expect(error.field == "count")
        #expect(error.message == "bad argument #2 to 'x.y' \(detail)")
    }

    @Test func unknownOptionIsRefusedNamingTheField() throws {
        let error = try Self.validationError(Self.arguments(["colour": "red"]))
        #expect(error.code == "invalid_argument")
        #expect(error.field == "colour")
        #expect(error.message.contains("unknown field 'colour' to 'x.y'"))
        #expect(error.message.contains("at, kind, limit, on, size, tags"))
    }

    @Test(arguments: [(3.0, 3), (-2.0, -2), (0.0, 0), (1e15, 1_000_000_000_000_000)])
    func integralFloatIsAcceptedAsInteger(number: Double, expected: Int) throws {
        let conformed = try Self.route.validate(Self.arguments(["count": .double(number)]))
        #expect(conformed["count"] == .int(expected))
    }

    @Test(arguments: [2.5, -0.1, Double.infinity, Double.nan, 1e300])
    func nonIntegralFloatIsRefusedForInteger(number: Double) throws {
        let error = try Self.validationError(Self.arguments(["count": .double(number)]))
        #expect(error.field == "count")
        #expect(error.message == "bad argument #2 to 'x.y' (integer expected, got number)")
    }

    @Test func numberAcceptsIntegersAndFloatsAsTheyAre() throws {
        #expect(try Self.route.validate(Self.arguments(["size": 2]))["size"] == .int(2))
        #expect(try Self.route.validate(Self.arguments(["size": 2.5]))["size"] == .double(2.5))
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "2026-1-01", "tomorrow"])
    func dayRefusesTextThatIsNoDay(text: String) throws {
        do {
            let error = try Self.validationError(Self.arguments(["on": .string(text)]))
            #expect(error.field == "on")
            #expect(error.message == "bad field 'on' to 'x.y' ('\(text)' is not a valid day (expected YYYY-MM-DD))")
        }
    }

    @Test func dayAcceptsAValidDayAndKeepsItAsText() throws {
        let conformed = try Self.route.validate(Self.arguments(["on": "2024-02-29"]))
        #expect(conformed["on"] == "2024-02-29")
        #expect(try conformed.day("on") == LocalDay(year: 2024, month: 2, day: 29))
    }

    @Test func dayRefusesANumber() throws {
        let error = try Self.validationError(Self.arguments(["on": 20261129]))
        #expect(error.message.contains("(day expected, got number)"))
    }

    @Test func choiceRefusesAValueNotInTheList() throws {
        do {
            let error = try Self.validationError(Self.arguments(["kind": "c"]))
            #expect(error.field == "kind")
            #expect(error.message == "bad field 'kind' to 'x.y' ('c' is not one of \"a\"|\"b\")")
        }
    }

    @Test func choiceAcceptsAValueInTheList() throws {
        #expect(try Self.route.validate(Self.arguments(["kind": "b"]))["kind"] == "b")
    }

    @Test func instantRefusesTextWithoutAnOffset() throws {
        do {
            let error = try Self.validationError(Self.arguments(["at": "2026-11-28T23:30:00"]))
            #expect(error.field == "at")
            #expect(error.message.contains("'2026-11-28T23:30:00' is not an ISO-8601 instant with an offset"))
        }
    }

    @Test func conformRefusesBadDaysInstantsAndChoices() {
        do {
            #expect(ParameterType.day.conform("2026-02-30") == nil)
            #expect(ParameterType.instant.conform("2026-11-28T23:30:00") == nil)
            #expect(ParameterType.choice(["a", "b"]).conform("c") == nil)
        }
    }

    @Test func routerRefusesAnInvalidDayInsteadOfDroppingIt() throws {
        let router = try Router(routes: [
            Route(
                "x.on", summary: "Echoes the day.", parameters: [.option("on", .day, "The day.")], returns: "day",
                example: "x.on{on = \"2026-11-29\"}"
            ) { arguments, _ in
                .string(try arguments.optionalDay("on")?.description ?? "today")
            }
        ])
        do {
            #expect(throws: AppError.self) {
                try router.call("x.on", Arguments(["on": "2026-02-30"]), session: Self.session())
            }
        }
    }

    @Test func emptyTableIsAcceptedAsAnEmptyArray() throws {
        let conformed = try Self.route.validate(Self.arguments(["tags": .table(Record())]))
        #expect(conformed["tags"] == .array([]))
    }

    @Test func arrayWithAnItemOfTheWrongTypeIsRefused() throws {
        let error = try Self.validationError(Self.arguments(["tags": ["x", 2]]))
        #expect(error.field == "tags")
        #expect(error.message.contains("(string[] expected, got table)"))
    }

    @Test func nonEmptyTableIsNotAnArray() throws {
        let error = try Self.validationError(Self.arguments(["tags": ["x": "y"]]))
        #expect(error.field == "tags")
    }

    @Test func routerPassesConformedArgumentsToTheHandler() throws {
        let router = try Router(routes: [Self.route])
        let result = try router.call(
            "x.y", Self.arguments(["count": 4.0, "tags": .table(Record())]), session: Self.session())
        #expect(result["count"] == .int(4))
        #expect(result["tags"] == .array([]))
    }

    @Test func routerRefusesBadArgumentsBeforeTheHandler() throws {
        let router = try Router(routes: [Self.route])
        let error = try #require(throws: AppError.self) {
            try router.call("x.y", Arguments(["limit": 1]), session: Self.session())
        }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
        #expect(error.route == "x.y")
        #expect(error.message.contains("bad argument #1 to 'x.y'"))
    }

    @Test func oneOfTakesTheFirstTypeThatConforms() {
        let type = ParameterType.oneOf([.integer, .string])
        #expect(type.conform(2.0) == .int(2))
        #expect(type.conform("two") == "two")
        #expect(type.conform(true) == nil)
        #expect(type.name == "integer|string")
    }

    @Test func recordAcceptsAnEmptyArrayAsAnEmptyTable() {
        #expect(ParameterType.record("book").conform([]) == .table(Record()))
        #expect(ParameterType.record("book").conform(["title": "Dune"]) == ["title": "Dune"])
        #expect(ParameterType.record("book").conform("Dune") == nil)
    }

    @Test func signatureListsPositionalsThenOptions() {
        #expect(Self.route.signature == "x.y(name, count?, {on=?, kind=?, tags=?, at=?, size=?, limit=})")
        let optionsOnly = Route(
            "habits.create", summary: "Creates.", parameters: [.option("name", .string, "Name.", required: true)],
            returns: "habit", example: "habits.create{name = \"Run\"}"
        ) { _, _ in .null }
        #expect(optionsOnly.signature == "habits.create{name=}")
        #expect(optionsOnly.module == "habits")
        #expect(optionsOnly.path == ["habits", "create"])
    }
}

@Suite struct RouteTableLimitTests {
    static let route = Route(
        "notes.tag", summary: "Test.", parameters: [.positional("tags", .record("tags"), "A table.")],
        returns: "nil", example: "notes.tag{}"
    ) { _, _ in .null }

    @Test func aTableArgumentHoldsAtMostTheLimitOfKeys() throws {
        let big = Record((0...Route.maximumTableKeys).map { ("k\($0)", Value.int($0)) })
        let error = try #require(throws: AppError.self) { try Self.route.validate(Arguments(["tags": .table(big)])) }
        #expect(error.code == "invalid_argument" && error.field == "tags")
        let fits = Record((1...Route.maximumTableKeys).map { ("k\($0)", Value.int($0)) })
        #expect(try Self.route.validate(Arguments(["tags": .table(fits)]))["tags"] == .table(fits))
    }
}

/// `Route.path` splits the name on the bytes of UTF-8 (fast at start-up): the same parts as
/// splitting the `String` on ".", Hangul, emoji and empty parts included.
@Suite struct RoutePathTests {
    @Test(arguments: ["habits.today", "bookstories.themes.create", "습관.기록", "a..b.", ".🐈‍⬛.é.x", "nodots"])
    func thePathIsTheNamesPartsAsAStringSplitGivesThem(name: String) {
        let route = Route(name, summary: "Test.", returns: "nil", example: "x()") { _, _ in .null }
        #expect(route.path == name.split(separator: ".").map(String.init))
    }
}
