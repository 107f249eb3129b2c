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

    init() throws {
        fixture = try BookStoriesFixture()
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

    @Test func anInsertedStoryReadsBackEqual() throws {
        let stored = try theme()
        try themes.insert(stored)
        let original = try story(keywords: ["A", "b"], themeIDs: [stored.id], quotes: ["하나", "둘"])
        try stories.insert(original)
        #expect(try stories.story(id: original.id) == original)
        let view = try stories.view(of: original, viewerID: fixture.user.id)
        #expect(view.authorName == "me")
        #expect(view.visibleThemeIDs == [stored.id])
        #expect(try stories.story(id: Identifier.random()) == nil)
    }

    @Test func insertingAnExistingIdIsExists() throws {
        let original = try story()
        try stories.insert(original)
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try stories.insert(try story(id: original.id)) }
        #expect(error.code == "bookstories.exists")
        #expect(try fixture.snapshot() == before)
    }

    @Test func updatingAMissingStoryIsNotFound() throws {
        try stories.insert(try story())
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try stories.update(try story()) }
        #expect(error.code == "bookstories.not_found")
        #expect(try fixture.snapshot() == before)
    }

    @Test func deletingAMissingStoryIsNotFound() throws {
        try stories.insert(try story())
        let before = try fixture.snapshot()
        let error = try #require(throws: AppError.self) { try stories.delete(id: Identifier.random()) }
        #expect(error.code == "bookstories.not_found")
        #expect(try fixture.snapshot() == before)
    }

    @Test func anUpdateReplacesTheStoryAndItsParts() throws {
        let original = try story(keywords: ["a", "b", "c"], quotes: ["1", "2", "3"])
        try stories.insert(original)
        let changed = try story(id: original.id, keywords: ["z"], quotes: ["새"], visibility: .public)
        try stories.update(changed)
        #expect(try stories.story(id: original.id) == changed)
        #expect(try fixture.counts() == [1, 1, 1, 0])
        let folded = try fixture.database.query("SELECT folded, visibility FROM book_story_keywords") {
            "\(try $0.string(0))|\(try $0.string(1))"
        }
        #expect(folded == ["z|public"])
    }

    @Test func anUpdateFailingHalfwayLeavesTheOldStoryWhole() throws {
        let original = try story(keywords: ["old"], quotes: ["옛 문장"])
        try stories.insert(original)
        let before = try fixture.snapshot()
        let broken = try story(
            id: original.id, keywords: ["new"], themeIDs: [Identifier.random()], quotes: ["새 문장"])
        let error = try #require(throws: AppError.self) { try stories.update(broken) }
        #expect(error.code == "bookstories.not_found")
        #expect(error.field == "themes")
        #expect(try fixture.snapshot() == before)
        #expect(try stories.story(id: original.id) == original)
    }

    @Test func anInsertFailingHalfwayWritesNothing() throws {
        let before = try fixture.snapshot()
        let broken = try story(themeIDs: [Identifier.random()])
        #expect(throws: AppError.self) { try stories.insert(broken) }
        #expect(try fixture.snapshot() == before)
        #expect(try stories.story(id: broken.id) == nil)
    }

    @Test func deletingAStoryRemovesItsParts() throws {
        let stored = try theme()
        try themes.insert(stored)
        let original = try story(themeIDs: [stored.id])
        try stories.insert(original)
        try stories.delete(id: original.id)
        #expect(try stories.story(id: original.id) == nil)
        #expect(try fixture.counts() == [0, 0, 0, 1])
        #expect(try fixture.count("book_story_themes") == 0)
    }

    // MARK: Themes

    @Test func anInsertedThemeReadsBackEqual() throws {
        let original = try theme()
        try themes.insert(original)
        #expect(try themes.theme(id: original.id) == original)
        #expect(try themes.themes(ownedBy: fixture.user.id, includePrivate: false) == [original])
        #expect(try themes.theme(id: Identifier.random()) == nil)
    }

    @Test func insertingAnExistingThemeIdIsExists() throws {
        let original = try theme()
        try themes.insert(original)
        let error = try #require(throws: AppError.self) { try themes.insert(try theme(id: original.id, name: "둘")) }
        #expect(error.code == "bookstories.exists")
        #expect(try themes.theme(id: original.id) == original)
        #expect(try fixture.count("book_themes") == 1)
    }

    @Test func updatingOrDeletingAMissingThemeIsNotFound() throws {
        try themes.insert(try theme())
        let before = try fixture.snapshot()
        let updated = try #require(throws: AppError.self) { try themes.update(try theme()) }
        #expect(updated.code == "bookstories.not_found")
        let deleted = try #require(throws: AppError.self) { try themes.delete(id: Identifier.random()) }
        #expect(deleted.code == "bookstories.not_found")
        #expect(try fixture.snapshot() == before)
    }

    @Test func themesListOldestFirstAndPrivateOnesOnlyWhenAsked() throws {
        let first = try theme(name: "하나")
        let hidden = try Theme(
            id: Identifier.random(), ownerID: fixture.user.id, name: "숨김", description: nil, visibility: .private,
            createdAt: fixture.clock.now(), updatedAt: fixture.clock.now())
        let last = try theme(name: "셋")
        for item in [first, hidden, last] { try themes.insert(item) }
        #expect(try themes.themes(ownedBy: fixture.user.id, includePrivate: true) == [first, hidden, last])
        #expect(try themes.themes(ownedBy: fixture.user.id, includePrivate: false) == [first, last])
    }

    // MARK: Reviews

    @Test func reviewHistoryCountsDaysBeforeTheDayAsked() throws {
        let reviews = SQLReviewRepository(database: fixture.database)
        let original = try story()
        try stories.insert(original)
        let monday = try BookStoriesFixture.day("2026-01-05")
        let tuesday = try BookStoriesFixture.day("2026-01-06")
        try reviews.record([original.id], for: fixture.user.id, on: monday)
        #expect(try reviews.picks(for: fixture.user.id, on: monday) == [original.id])
        #expect(
            try reviews.candidates(for: fixture.user.id, excludingPicksOn: tuesday) == [
                ReviewCandidate(storyID: original.id, timesShown: 1, lastShown: monday)
            ])
        #expect(try reviews.candidates(for: fixture.user.id, excludingPicksOn: monday) == [])
        #expect(try reviews.candidates(for: Identifier.random(), excludingPicksOn: tuesday) == [])
    }
}
