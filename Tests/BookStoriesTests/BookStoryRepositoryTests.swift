import AppTestSupport
import BookStories
import Core
import Storage
import Testing

/// The SQLite story and theme repositories directly: insert fails on a taken id, update and
/// delete on a missing one (no upsert); stories read back as stored; an update rewrites the
/// parts in one transaction, so a failure in the middle leaves the old story whole.
@Suite struct BookStoryRepositoryTests {
    let fixture: BookStoriesFixture
    let stories: SQLStoryRepository
    let themes: SQLThemeRepository

    init(_ backend: DatabaseBackend = .sqlite) throws {
        fixture = try BookStoriesFixture(backend: backend)
        stories = SQLStoryRepository(database: fixture.database)
        themes = SQLThemeRepository(database: fixture.database)
    }

    private func story(
        id: String = Identifier.random(), keywords: [String] = ["성장"], themeIDs: [String] = [],
        quotes: [String] = ["새는 알에서 나오려고 투쟁한다."], visibility: Visibility = .private
    ) throws -> Story {
        let now = fixture.clock.now()
        return try Story(
            id: id, authorID: fixture.user.id,
            book: try Book(title: "데미안", author: "헤르만 헤세", publisher: "민음사", isbn: "9788937460449"),
            quotes: try quotes.enumerated().map { try Quote(text: $0.element, page: $0.offset + 1) },
            content: "내 생각", keywords: keywords, themeIDs: themeIDs, visibility: visibility, createdAt: now,
            updatedAt: now)
    }

    private func theme(id: String = Identifier.random(), name: String = "성장") throws -> Theme {
        let now = fixture.clock.now()
        return try Theme(
            id: id, ownerID: fixture.user.id, name: name, description: "설명", visibility: .public, createdAt: now,
            updatedAt: now)
    }

    // MARK: Stories

    @Test(arguments: DatabaseBackend.available)
    func anInsertedStoryReadsBackEqual(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let stored = try suite.theme()
        try suite.themes.insert(stored)
        let original = try suite.story(keywords: ["A", "b"], themeIDs: [stored.id], quotes: ["하나", "둘"])
        try suite.stories.insert(original)
        #expect(try suite.stories.story(id: original.id) == original)
        let view = try suite.stories.view(of: original, viewerID: suite.fixture.user.id)
        #expect(view.authorName == "me")
        #expect(view.visibleThemeIDs == [stored.id])
        #expect(try suite.stories.story(id: Identifier.random()) == nil)
    }

    @Test(arguments: DatabaseBackend.available)
    func insertingAnExistingIdIsExists(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let original = try suite.story()
        try suite.stories.insert(original)
        let before = try suite.fixture.snapshot()
        let error = try #require(throws: AppError.self) { try suite.stories.insert(try suite.story(id: original.id)) }
        #expect(error.code == "bookstories.exists")
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func updatingAMissingStoryIsNotFound(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.stories.insert(try suite.story())
        let before = try suite.fixture.snapshot()
        let error = try #require(throws: AppError.self) { try suite.stories.update(try suite.story()) }
        #expect(error.code == "bookstories.not_found")
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func deletingAMissingStoryIsNotFound(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.stories.insert(try suite.story())
        let before = try suite.fixture.snapshot()
        let error = try #require(throws: AppError.self) { try suite.stories.delete(id: Identifier.random()) }
        #expect(error.code == "bookstories.not_found")
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func anUpdateReplacesTheStoryAndItsParts(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let original = try suite.story(keywords: ["a", "b", "c"], quotes: ["1", "2", "3"])
        try suite.stories.insert(original)
        let changed = try suite.story(id: original.id, keywords: ["z"], quotes: ["새"], visibility: .public)
        try suite.stories.update(changed)
        #expect(try suite.stories.story(id: original.id) == changed)
        #expect(try suite.fixture.counts() == [1, 1, 1, 0])
        let folded = try suite.fixture.database.query("SELECT folded, visibility FROM book_story_keywords") {
            "\(try $0.string(0))|\(try $0.string(1))"
        }
        #expect(folded == ["z|public"])
    }

    @Test(arguments: DatabaseBackend.available)
    func anUpdateFailingHalfwayLeavesTheOldStoryWhole(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let original = try suite.story(keywords: ["old"], quotes: ["옛 문장"])
        try suite.stories.insert(original)
        let before = try suite.fixture.snapshot()
        let broken = try suite.story(
            id: original.id, keywords: ["new"], themeIDs: [Identifier.random()], quotes: ["새 문장"])
        let error = try #require(throws: AppError.self) { try suite.stories.update(broken) }
        #expect(error.code == "bookstories.not_found")
        #expect(error.field == "themes")
        #expect(try suite.fixture.snapshot() == before)
        #expect(try suite.stories.story(id: original.id) == original)
    }

    @Test(arguments: DatabaseBackend.available)
    func anInsertFailingHalfwayWritesNothing(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let before = try suite.fixture.snapshot()
        let broken = try suite.story(themeIDs: [Identifier.random()])
        #expect(throws: AppError.self) { try suite.stories.insert(broken) }
        #expect(try suite.fixture.snapshot() == before)
        #expect(try suite.stories.story(id: broken.id) == nil)
    }

    @Test(arguments: DatabaseBackend.available)
    func deletingAStoryRemovesItsParts(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let stored = try suite.theme()
        try suite.themes.insert(stored)
        let original = try suite.story(themeIDs: [stored.id])
        try suite.stories.insert(original)
        try suite.stories.delete(id: original.id)
        #expect(try suite.stories.story(id: original.id) == nil)
        #expect(try suite.fixture.counts() == [0, 0, 0, 1])
        #expect(try suite.fixture.count("book_story_themes") == 0)
    }

    // MARK: Themes

    @Test(arguments: DatabaseBackend.available)
    func anInsertedThemeReadsBackEqual(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let original = try suite.theme()
        try suite.themes.insert(original)
        #expect(try suite.themes.theme(id: original.id) == original)
        #expect(try suite.themes.themes(ownedBy: suite.fixture.user.id, includePrivate: false) == [original])
        #expect(try suite.themes.theme(id: Identifier.random()) == nil)
    }

    @Test(arguments: DatabaseBackend.available)
    func insertingAnExistingThemeIdIsExists(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let original = try suite.theme()
        try suite.themes.insert(original)
        let error = try #require(throws: AppError.self) {
            try suite.themes.insert(try suite.theme(id: original.id, name: "둘"))
        }
        #expect(error.code == "bookstories.exists")
        #expect(try suite.themes.theme(id: original.id) == original)
        #expect(try suite.fixture.count("book_themes") == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func updatingOrDeletingAMissingThemeIsNotFound(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        try suite.themes.insert(try suite.theme())
        let before = try suite.fixture.snapshot()
        let updated = try #require(throws: AppError.self) { try suite.themes.update(try suite.theme()) }
        #expect(updated.code == "bookstories.not_found")
        let deleted = try #require(throws: AppError.self) { try suite.themes.delete(id: Identifier.random()) }
        #expect(deleted.code == "bookstories.not_found")
        #expect(try suite.fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func themesListOldestFirstAndPrivateOnesOnlyWhenAsked(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let first = try suite.theme(name: "하나")
        let hidden = try Theme(
            id: Identifier.random(), ownerID: suite.fixture.user.id, name: "숨김", description: nil, visibility: .private,
            createdAt: suite.fixture.clock.now(), updatedAt: suite.fixture.clock.now())
        let last = try suite.theme(name: "셋")
        for item in [first, hidden, last] { try suite.themes.insert(item) }
        #expect(try suite.themes.themes(ownedBy: suite.fixture.user.id, includePrivate: true) == [first, hidden, last])
        #expect(try suite.themes.themes(ownedBy: suite.fixture.user.id, includePrivate: false) == [first, last])
    }

    // MARK: Reviews

    @Test(arguments: DatabaseBackend.available)
    func reviewHistoryCountsDaysBeforeTheDayAsked(backend: DatabaseBackend) throws {
        let suite = try Self(backend)
        let reviews = SQLReviewRepository(database: suite.fixture.database)
        let original = try suite.story()
        try suite.stories.insert(original)
        let monday = try TestTime.day("2026-01-05")
        let tuesday = try TestTime.day("2026-01-06")
        try reviews.record([original.id], for: suite.fixture.user.id, on: monday)
        #expect(try reviews.picks(for: suite.fixture.user.id, on: monday) == [original.id])
        #expect(
            try reviews.candidates(for: suite.fixture.user.id, excludingPicksOn: tuesday) == [
                ReviewCandidate(storyID: original.id, timesShown: 1, lastShown: monday)
            ])
        #expect(try reviews.candidates(for: suite.fixture.user.id, excludingPicksOn: monday) == [])
        #expect(try reviews.candidates(for: Identifier.random(), excludingPicksOn: tuesday) == [])
    }
}
