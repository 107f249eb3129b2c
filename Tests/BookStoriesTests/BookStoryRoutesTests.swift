import BookStories
import Core
import Storage
import Testing

/// The `bookstories` routes through the router: the records they return, exactly as
/// docs/lua-api.md "bookstories" shapes them, and their inputs (quotes as strings or
/// `{text=, page=}`, unknown fields refused). Now is 2026-01-06 noon in Seoul.
@Suite struct BookStoryRoutesTests {
    let fixture: BookStoriesFixture

    init(_ backend: DatabaseBackend = .sqlite) throws { fixture = try BookStoriesFixture(backend: backend) }

    @Test(arguments: DatabaseBackend.available)
    func everyRouteOfTheContractIsDeclared(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        #expect(
            suite.fixture.router.routes.map(\.name) == [
                "bookstories.comment", "bookstories.comments", "bookstories.create", "bookstories.delete",
                "bookstories.delete_comment", "bookstories.edit_comment", "bookstories.get", "bookstories.mine",
                "bookstories.of", "bookstories.public", "bookstories.replies", "bookstories.reply",
                "bookstories.review", "bookstories.themes.create", "bookstories.themes.delete",
                "bookstories.themes.list", "bookstories.themes.update", "bookstories.update",
            ])
    }

    @Test(arguments: DatabaseBackend.available)
    func createReturnsTheStoryRecord(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let theme = try suite.fixture.themeID()
        let story = try suite.fixture.call(
            "bookstories.create",
            [
                "book": ["title": "데미안", "author": "헤르만 헤세", "publisher": "민음사", "isbn": "9788937460449"],
                "quotes": ["새는 알에서 나오려고 투쟁한다.", ["text": "알은 세계이다.", "page": 123]],
                "content": "  내 생각  ", "keywords": ["#성장", "Hope"], "themes": [.string(theme)],
                "visibility": "public",
            ])
        let id = try #require(story["id"].stringValue)
        #expect(Identifier.looksLikeIdentifier(id))
        #expect(id == id.lowercased())
        #expect(story["author_id"] == .string(suite.fixture.user.id))
        #expect(story["author_name"] == "me")
        #expect(
            story["book"] == ["title": "데미안", "author": "헤르만 헤세", "publisher": "민음사", "isbn": "9788937460449"])
        #expect(story["book"].recordValue?.keys == ["title", "author", "publisher", "isbn"])
        #expect(story["quotes"] == [["text": "새는 알에서 나오려고 투쟁한다."], ["text": "알은 세계이다.", "page": 123]])
        #expect(story["quotes"].items.last?.recordValue?.keys == ["text", "page"])
        #expect(story["content"] == "  내 생각  ")
        #expect(story["keywords"] == ["성장", "Hope"])
        #expect(story["themes"] == [.string(theme)])
        #expect(story["visibility"] == "public")
        #expect(story["created_at"] == "2026-01-06T12:00:00+09:00")
        #expect(story["updated_at"] == "2026-01-06T12:00:00+09:00")
        #expect(
            story.recordValue?.keys == [
                "id", "author_id", "author_name", "book", "quotes", "content", "keywords", "themes", "visibility",
                "created_at", "updated_at",
            ])
        #expect(try suite.fixture.call("bookstories.get", ["id": .string(id)]) == story)
        #expect(try suite.fixture.call("bookstories.mine").items == [story])
        #expect(try suite.fixture.call("bookstories.public").items == [story])
    }

    @Test(arguments: DatabaseBackend.available)
    func aMinimalStoryLeavesTheOptionalFieldsOutAndIsPrivate(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.call(
            "bookstories.create", ["book": ["title": " 데미안 ", "author": "헤르만 헤세"], "quotes": ["  문장  "]])
        #expect(
            story.recordValue?.keys == [
                "id", "author_id", "author_name", "book", "quotes", "keywords", "themes", "visibility", "created_at",
                "updated_at",
            ])
        #expect(story["book"] == ["title": "데미안", "author": "헤르만 헤세"])
        #expect(story["book"].recordValue?.keys == ["title", "author"])
        #expect(story["quotes"] == [["text": "문장"]])
        #expect(story["quotes"].items.first?.recordValue?.keys == ["text"])
        #expect(story["keywords"] == .array([]))
        #expect(story["themes"] == .array([]))
        #expect(story["visibility"] == "private")
    }

    @Test(arguments: DatabaseBackend.available)
    func emptyContentIsNoContent(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.story(content: "")
        #expect(story["content"] == .null)
    }

    @Test(arguments: DatabaseBackend.available)
    func quotesComeAsStringsOrAsTextAndPage(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let strings = try suite.fixture.story(quotes: ["하나", "둘"])
        #expect(strings["quotes"] == [["text": "하나"], ["text": "둘"]])
        let records = try suite.fixture.story(quotes: [["text": "하나"], ["text": "둘", "page": 2]])
        #expect(records["quotes"] == [["text": "하나"], ["text": "둘", "page": 2]])
        let mixed = try suite.fixture.story(quotes: ["하나", ["text": "둘", "page": 2]])
        #expect(mixed["quotes"] == records["quotes"])
    }

    static let refusedInputs: [([String: Value], String)] = [
        (["book": ["title": "t", "author": "a", "translator": "x"]], "book"),
        (["quotes": [["text": "q", "chapter": 1]]], "quotes"),
        (["quotes": [["page": 1]]], "quotes"),
        (["quotes": [["text": 5]]], "quotes"),
        (["quotes": [5]], "quotes"),
        (["quotes": "q"], "quotes"),
        (["book": ["title": 1, "author": "a"]], "book.title"),
        (["visibility": "friends"], "visibility"),
        (["keywords": [1]], "keywords"),
        (["images": ["a.jpg"]], "images"),
    ]

    @Test(arguments: refusedInputs)
    func unknownOrMistypedInputIsInvalidArgument(arguments: [String: Value], field: String) throws {
        var full: [String: Value] = ["book": ["title": "t", "author": "a"], "quotes": ["q"]]
        for (key, value) in arguments { full[key] = value }
        let before = try fixture.snapshot()
        let error = try fixture.error("bookstories.create", full)
        #expect(error.code == "invalid_argument")
        #expect(error.field == field)
        #expect(error.route == "bookstories.create")
        #expect(try fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func unknownFieldsInAnUpdateAreInvalidArgument(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let id = try suite.fixture.storyID()
        let before = try suite.fixture.snapshot()
        let book = try suite.fixture.error(
            "bookstories.update", ["id": .string(id), "book": ["title": "t", "author": "a", "year": 1]])
        #expect(book.code == "invalid_argument")
        #expect(book.field == "book")
        let quote = try suite.fixture.error(
            "bookstories.update", ["id": .string(id), "quotes": [["text": "q", "line": 2]]])
        #expect(quote.code == "invalid_argument")
        #expect(quote.field == "quotes")
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func themesCreateReturnsTheThemeRecord(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let theme = try suite.fixture.call(
            "bookstories.themes.create", ["name": " 성장 ", "description": "자라는 이야기", "visibility": "public"])
        let id = try #require(theme["id"].stringValue)
        #expect(Identifier.looksLikeIdentifier(id))
        #expect(id == id.lowercased())
        #expect(
            theme
                == [
                    "id": .string(id), "owner_id": .string(suite.fixture.user.id), "name": "성장",
                    "description": "자라는 이야기", "visibility": "public", "created_at": "2026-01-06T12:00:00+09:00",
                    "updated_at": "2026-01-06T12:00:00+09:00",
                ])
        #expect(
            theme.recordValue?.keys == [
                "id", "owner_id", "name", "description", "visibility", "created_at", "updated_at",
            ])
        #expect(try suite.fixture.call("bookstories.themes.list").items == [theme])
    }

    @Test(arguments: DatabaseBackend.available)
    func aThemeIsPrivateUnlessAskedAndItsDescriptionIsOptional(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let theme = try suite.fixture.call("bookstories.themes.create", ["name": "성장"])
        #expect(theme["visibility"] == "private")
        #expect(theme.recordValue?.keys == ["id", "owner_id", "name", "visibility", "created_at", "updated_at"])
    }

    @Test(arguments: DatabaseBackend.available)
    func deleteRoutesReturnNil(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let theme = try suite.fixture.themeID()
        let story = try suite.fixture.storyID(themes: [theme])
        #expect(try suite.fixture.call("bookstories.delete", ["id": .string(story)]) == .null)
        #expect(try suite.fixture.call("bookstories.themes.delete", ["id": .string(theme)]) == .null)
        #expect(try suite.fixture.counts() == [0, 0, 0, 0])
    }

    @Test(arguments: DatabaseBackend.available)
    func listsAreArraysOfStoryRecords(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.story(visibility: "public")
        for route in ["bookstories.mine", "bookstories.public", "bookstories.review"] {
            #expect(try suite.fixture.call(route) == [story])
        }
        #expect(try suite.fixture.call("bookstories.of", ["user": "me"]) == [story])
        #expect(try suite.fixture.call("bookstories.mine", ["keyword": "nothing"]) == .array([]))
    }

    @Test(arguments: DatabaseBackend.available)
    func aStoryIdMatchesIgnoringCase(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let story = try suite.fixture.story()
        let id = try #require(story["id"].stringValue)
        #expect(try suite.fixture.call("bookstories.get", ["id": .string(id.uppercased())]) == story)
    }
}
