import BookStories
import Core
import Testing

/// The limits of docs/lua-api.md "bookstories", exactly at and one past each edge, counted in
/// Characters (500 Hangul syllables are 500, an emoji with modifiers is one). Too long is
/// `invalid_argument` naming the field, never a silent cut, and a refused call leaves every
/// table as it was.
@Suite struct BookStoryLimitsTests {
    let fixture: BookStoriesFixture
    /// A theme of "me" that the seeded story belongs to.
    let themeID: String

    /// Seeds one story with a quote, a keyword and a theme, so that "unchanged" is not
    /// vacuously true of empty tables.
    init() throws {
        fixture = try BookStoriesFixture()
        themeID = try fixture.themeID("씨앗")
        try fixture.story(title: "씨앗", keywords: ["seed"], themes: [themeID])
    }

    static func text(_ character: String, count: Int) -> String { BookStoriesFixture.text(character, count: count) }

    static let hangul = "가"
    /// A thumbs-up with a skin tone: two scalars, one Character.
    static let emoji = "👍🏽"
    /// A family: five scalars joined by ZWJ, one Character.
    static let family = "👨‍👩‍👧‍👦"

    private func createStory(_ arguments: [String: Value]) throws -> Value {
        var full: [String: Value] = ["book": ["title": "데미안", "author": "헤르만 헤세"], "quotes": ["문장"]]
        for (key, value) in arguments { full[key] = value }
        return try fixture.call("bookstories.create", full)
    }

    /// Asserts that `arguments` to `bookstories.create` are refused for `field` and write nothing.
    private func expectCreateRefused(
        _ arguments: [String: Value], field: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try fixture.snapshot()
        let counts = try fixture.counts()
        let error = try #require(throws: AppError.self, sourceLocation: sourceLocation) {
            try createStory(arguments)
        }
        #expect(error.code == "invalid_argument", sourceLocation: sourceLocation)
        #expect(error.field == field, sourceLocation: sourceLocation)
        #expect(try fixture.counts() == counts, sourceLocation: sourceLocation)
        #expect(try fixture.snapshot() == before, sourceLocation: sourceLocation)
    }

    // MARK: Quotes

    static let acceptedQuotes: [(String, Int)] = [
        ("a", 1), (text(hangul, count: 500), 500), (text(emoji, count: 500), 500), (text(family, count: 500), 500),
        (text("a", count: 500), 500), ("  \n" + text(hangul, count: 500) + "\t ", 500),
    ]

    @Test(arguments: acceptedQuotes)
    func aQuoteOfOneTo500CharactersAfterTrimmingIsKeptWhole(quote: String, length: Int) throws {
        let story = try createStory(["quotes": [.string(quote)]])
        let text = try #require(story["quotes"].items.first?["text"].stringValue)
        #expect(text.count == length)
        #expect(text == BookStoryLimitsTests.trimmed(quote))
        let id = try #require(story["id"].stringValue)
        let stored = try fixture.database.query(
            "SELECT text FROM book_story_quotes q JOIN book_stories s ON s.seq = q.story_seq WHERE s.id = ?",
            [.text(id)]
        ) { try $0.string(0) }
        #expect(stored == [text])
    }

    static let refusedQuotes: [String] = [
        "", "   ", " \n\t ", text(hangul, count: 501), text(emoji, count: 501), text(family, count: 501),
        text("a", count: 501), " " + text(hangul, count: 501) + " ",
    ]

    @Test(arguments: refusedQuotes)
    func aQuoteEmptyAfterTrimmingOrOver500CharactersIsRefused(quote: String) throws {
        try expectCreateRefused(["quotes": [.string(quote)]], field: "quotes")
        try expectCreateRefused(["quotes": [["text": .string(quote), "page": 3]]], field: "quotes")
        try expectCreateRefused(["quotes": ["좋은 문장", .string(quote)]], field: "quotes")
    }

    @Test func aStoryNeedsAtLeastOneQuote() throws {
        try expectCreateRefused(["quotes": .array([])], field: "quotes")
        let before = try fixture.snapshot()
        let missing = try fixture.error("bookstories.create", ["book": ["title": "데미안", "author": "헤르만 헤세"]])
        #expect(missing.code == "invalid_argument")
        #expect(missing.field == "quotes")
        #expect(try fixture.snapshot() == before)
    }

    @Test func manyQuotesAreKeptInOrder() throws {
        let story = try createStory(["quotes": ["하나", ["text": "둘", "page": 2], "셋"]])
        #expect(story["quotes"] == [["text": "하나"], ["text": "둘", "page": 2], ["text": "셋"]])
    }

    @Test func aStoryHoldsAtMost20Quotes() throws {
        let twenty = Value.array((1...20).map { .string("문장 \($0)") })
        let story = try createStory(["quotes": twenty])
        #expect(story["quotes"].items.count == 20)
        let id = try #require(story["id"].stringValue)
        let tooMany = Value.array((1...21).map { .string("문장 \($0)") })
        try expectCreateRefused(["quotes": tooMany], field: "quotes")
        try expectCreateRefused(["quotes": .array(Array(repeating: "x", count: 30_000))], field: "quotes")
        let before = try fixture.snapshot()
        let error = try fixture.error("bookstories.update", ["id": .string(id), "quotes": tooMany])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "quotes")
        #expect(error.message.contains("20"))
        #expect(try fixture.snapshot() == before)
    }

    static let acceptedPages: [Value] = [1, 2, 500, .int(Int(Int32.max)), 7.0]

    @Test(arguments: acceptedPages)
    func aPageIsAPositiveInteger(page: Value) throws {
        let story = try createStory(["quotes": [["text": "문장", "page": page]]])
        #expect(story["quotes"].items.first?["page"] == .int(try #require(page.intValue)))
    }

    static let refusedPages: [Value] = [0, -1, .int(Int.min), 1.5, "3", true]

    @Test(arguments: refusedPages)
    func aPageThatIsNotAPositiveIntegerIsRefused(page: Value) throws {
        try expectCreateRefused(["quotes": [["text": "문장", "page": page]]], field: "quotes")
    }

    // MARK: Content

    static let acceptedContents: [(String, Int)] = [
        (text(hangul, count: 1000), 1000), (text(emoji, count: 1000), 1000), (text("a", count: 1000), 1000),
        ("내 생각", 4),
    ]

    @Test(arguments: acceptedContents)
    func contentOfAtMost1000CharactersIsKeptWhole(content: String, length: Int) throws {
        let story = try createStory(["content": .string(content)])
        let kept = try #require(story["content"].stringValue)
        #expect(kept == content)
        #expect(kept.count == length)
    }

    static let refusedContents: [String] = [
        text(hangul, count: 1001), text(emoji, count: 1001), text(family, count: 1001), text("a", count: 1001),
    ]

    @Test(arguments: refusedContents)
    func contentOver1000CharactersIsRefusedNotCut(content: String) throws {
        try expectCreateRefused(["content": .string(content)], field: "content")
    }

    // MARK: Keywords

    static let acceptedKeywords: [([String], [String])] = [
        ([], []),
        (["a"], ["a"]),
        ([text(hangul, count: 8)], [text(hangul, count: 8)]),
        ([text(emoji, count: 8)], [text(emoji, count: 8)]),
        ([text(family, count: 8)], [text(family, count: 8)]),
        (["#12345678"], ["12345678"]),
        (["#성장", "Growth", "용기"], ["성장", "Growth", "용기"]),
        ((1...10).map { "k\($0)" }, (1...10).map { "k\($0)" }),
    ]

    @Test(arguments: acceptedKeywords)
    func keywordsUpToTenOfOneToEightCharactersAreKeptWithTheirHashDropped(
        keywords: [String], expected: [String]
    ) throws {
        let story = try createStory(["keywords": .array(keywords.map(Value.string))])
        #expect(story["keywords"] == .array(expected.map(Value.string)))
        #expect(try fixture.count("book_story_keywords") == 1 + expected.count)
    }

    static let refusedKeywords: [[String]] = [
        (1...11).map { "k\($0)" },
        [text(hangul, count: 9)],
        [text(emoji, count: 9)],
        ["abcdefghi"],
        ["#" + text(hangul, count: 9)],
        [""],
        ["#"],
        ["좋은", ""],
        ["a b"],
        ["a\tb"],
        ["a\nb"],
        [" a"],
        ["Growth", "growth"],
        ["성장", "#성장"],
        ["ABC", "#abc"],
    ]

    @Test(arguments: refusedKeywords)
    func keywordsPastALimitEmptyWithSpacesOrDuplicatedAreRefused(keywords: [String]) throws {
        try expectCreateRefused(["keywords": .array(keywords.map(Value.string))], field: "keywords")
    }

    // MARK: Book

    static let refusedBooks: [(Value, String)] = [
        (["author": "헤르만 헤세"], "book.title"),
        (["title": "데미안"], "book.author"),
        (["title": "  ", "author": "헤르만 헤세"], "book.title"),
        (["title": "데미안", "author": ""], "book.author"),
        (["title": "데미안", "author": "헤르만 헤세", "year": 1919], "book"),
    ]

    @Test(arguments: refusedBooks)
    func aBookNeedsItsTitleAndAuthor(book: Value, field: String) throws {
        try expectCreateRefused(["book": book], field: field)
    }

    @Test func aStoryNeedsABook() throws {
        let before = try fixture.snapshot()
        let error = try fixture.error("bookstories.create", ["quotes": ["문장"]])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "book")
        #expect(try fixture.snapshot() == before)
    }

    // MARK: Themes

    static let acceptedThemeNames: [(String, String)] = [
        ("a", "a"), (text(hangul, count: 20), text(hangul, count: 20)),
        ("  " + text(hangul, count: 20) + "\n", text(hangul, count: 20)),
        (text(emoji, count: 20), text(emoji, count: 20)),
        (text(family, count: 20), text(family, count: 20)),
    ]

    @Test(arguments: acceptedThemeNames)
    func aThemeNameOfOneTo20CharactersAfterTrimmingIsKept(name: String, expected: String) throws {
        let theme = try fixture.call("bookstories.themes.create", ["name": .string(name)])
        #expect(theme["name"] == .string(expected))
        let id = try #require(theme["id"].stringValue)
        let renamed = try fixture.call("bookstories.themes.update", ["id": .string(id), "name": .string(name)])
        #expect(renamed["name"] == .string(expected))
    }

    static let refusedThemeNames: [String] = [
        "", "   ", "\n\t", text(hangul, count: 21), text(emoji, count: 21), text(family, count: 21),
        " " + text(hangul, count: 21) + " ",
    ]

    @Test(arguments: refusedThemeNames)
    func aThemeNameEmptyAfterTrimmingOrOver20CharactersIsRefused(name: String) throws {
        let before = try fixture.snapshot()
        let created = try fixture.error("bookstories.themes.create", ["name": .string(name)])
        #expect(created.code == "invalid_argument")
        #expect(created.field == "name")
        let updated = try fixture.error(
            "bookstories.themes.update", ["id": .string(themeID), "name": .string(name)])
        #expect(updated.code == "invalid_argument")
        #expect(updated.field == "name")
        #expect(try fixture.snapshot() == before)
    }

    static let acceptedDescriptions: [String] = [
        text(hangul, count: 100), text(emoji, count: 100), text(family, count: 100), "짧은 설명",
    ]

    @Test(arguments: acceptedDescriptions)
    func aThemeDescriptionOfAtMost100CharactersIsKeptWhole(description: String) throws {
        let theme = try fixture.call(
            "bookstories.themes.create", ["name": "주제", "description": .string(description)])
        #expect(theme["description"] == .string(description))
        let updated = try fixture.call(
            "bookstories.themes.update", ["id": .string(themeID), "description": .string(description)])
        #expect(updated["description"] == .string(description))
    }

    static let refusedDescriptions: [String] = [
        text(hangul, count: 101), text(emoji, count: 101), text(family, count: 101), text("a", count: 101),
    ]

    @Test(arguments: refusedDescriptions)
    func aThemeDescriptionOver100CharactersIsRefusedNotCut(description: String) throws {
        let before = try fixture.snapshot()
        let created = try fixture.error(
            "bookstories.themes.create", ["name": "주제", "description": .string(description)])
        #expect(created.code == "invalid_argument")
        #expect(created.field == "description")
        let updated = try fixture.error(
            "bookstories.themes.update", ["id": .string(themeID), "description": .string(description)])
        #expect(updated.code == "invalid_argument")
        #expect(updated.field == "description")
        #expect(try fixture.snapshot() == before)
    }

    @Test func aThemeNeedsAName() throws {
        let before = try fixture.snapshot()
        let error = try fixture.error("bookstories.themes.create", ["description": "이름 없음"])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "name")
        #expect(try fixture.snapshot() == before)
    }

    // MARK: Updates obey the same limits

    static let refusedUpdates: [(String, Value, String)] = [
        ("quotes", [.string(text(hangul, count: 501))], "quotes"),
        ("quotes", [" "], "quotes"),
        ("quotes", .array([]), "quotes"),
        ("quotes", [["text": "문장", "page": 0]], "quotes"),
        ("content", .string(text(emoji, count: 1001)), "content"),
        ("keywords", .array((1...11).map { .string("k\($0)") }), "keywords"),
        ("keywords", [.string(text(hangul, count: 9))], "keywords"),
        ("keywords", ["#"], "keywords"),
        ("book", ["title": "데미안"], "book.author"),
    ]

    @Test(arguments: refusedUpdates)
    func anUpdatePastALimitIsRefusedAndChangesNothing(key: String, value: Value, field: String) throws {
        let id = try fixture.storyID(keywords: ["old"])
        let before = try fixture.snapshot()
        let error = try fixture.error("bookstories.update", ["id": .string(id), key: value])
        #expect(error.code == "invalid_argument")
        #expect(error.field == field)
        #expect(try fixture.snapshot() == before)
    }

    // MARK: The types themselves

    @Test func theTypesAgreeWithTheContractOnEachLimit() throws {
        #expect(Quote.maximumLength == 500)
        #expect(Story.maximumContentLength == 1000)
        #expect(Keywords.maximumCount == 10)
        #expect(Keywords.maximumLength == 8)
        #expect(Theme.maximumNameLength == 20)
        #expect(Theme.maximumDescriptionLength == 100)
        #expect(try Quote(text: Self.text(Self.hangul, count: 500)).text.count == 500)
        #expect(throws: AppError.self) { try Quote(text: Self.text(Self.hangul, count: 501)) }
        #expect(throws: AppError.self) { try Quote(text: "문장", page: 0) }
        #expect(try Keywords.normalized(["#성장"]) == ["성장"])
        #expect(throws: AppError.self) { try Keywords.normalized([""]) }
        #expect(throws: AppError.self) { try Book(title: "", author: "헤세") }
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
