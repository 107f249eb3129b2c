import BookStories
import Core
import Storage
import Testing

/// The database holds the app's limits too (issue 28 item 2): on a server, a row a member
/// writes in psql past a limit is refused, and the database counts text as the app does
/// (`String.databaseLength`). SQLite files, one person's each, hold no such checks
/// (`TextLengthChecks`).
@Suite struct BookStoryDatabaseLimitsTests {
    static let samples: [String] = [
        "", "a", "가나다", "👍🏽", "👨‍👩‍👧‍👦", "1️⃣", "🇰🇷", "e\u{301}", "데미안 👨‍👩‍👧‍👦 and 👍🏽!",
        String(repeating: "👨‍👩‍👧‍👦", count: 1000),
    ]

    @Test(arguments: Self.servers)
    func theDatabaseCountsTextAsTheAppDoes(backend: DatabaseBackend) throws {
        let database = try backend.openScratch()
        for sample in Self.samples {
            let counted = try database.queryOne(
                "SELECT \(TextLengthChecks.length("CAST(?1 AS TEXT)"))", [.text(sample)]
            ) { try $0.int(0) }
            #expect(counted == sample.databaseLength, "\(sample.unicodeScalars.count) scalars")
        }
        // For letters and emoji that is the count of Characters.
        #expect("👨‍👩‍👧‍👦👍🏽가a".databaseLength == 4)
    }

    /// The backends whose database holds the limits: PostgreSQL, when a test server runs.
    static let servers = DatabaseBackend.available.filter { $0 == .postgres }

    static let refusedChanges: [String] = [
        "UPDATE book_stories SET content = '\(String(repeating: "x", count: 1001))'",
        "UPDATE book_stories SET book_title = '\(String(repeating: "가", count: 201))'",
        "UPDATE book_stories SET book_author = ''",
        "UPDATE book_stories SET book_isbn = '\(String(repeating: "9", count: 33))'",
        "INSERT INTO book_story_quotes (story_seq, position, text) SELECT seq, 20, 'q' FROM book_stories",
        "INSERT INTO book_story_quotes (story_seq, position, text) SELECT seq, 1, '\(String(repeating: "q", count: 501))' FROM book_stories",
        "INSERT INTO book_story_quotes (story_seq, position, text, page) SELECT seq, 1, 'q', 0 FROM book_stories",
        "UPDATE book_story_keywords SET position = 10",
        "UPDATE book_story_keywords SET keyword = '123456789'",
        "UPDATE book_themes SET name = '\(String(repeating: "t", count: 21))'",
    ]

    @Test(arguments: Self.servers.flatMap { backend in refusedChanges.map { (backend, $0) } })
    func aRowPastALimitWrittenBehindTheAppsBackIsRefused(backend: DatabaseBackend, change: String) throws {
        let fixture = try BookStoriesFixture(backend: backend)
        let theme = try fixture.themeID("씨앗")
        try fixture.story(title: "씨앗", keywords: ["seed"], themes: [theme])
        let before = try fixture.snapshot()
        let error = try #require(throws: StorageError.self) { try fixture.database.execute(change) }
        #expect(error.failure == .constraint)
        #expect(try fixture.snapshot() == before)
    }

    @Test(arguments: DatabaseBackend.available)
    func textAtTheLimitsIsTakenAsTheAppTakesIt(backend: DatabaseBackend) throws {
        let fixture = try BookStoriesFixture(backend: backend)
        try fixture.story(title: "씨앗", keywords: ["seed"])
        let family = String(repeating: "👨‍👩‍👧‍👦", count: 1000)
        try fixture.database.execute("UPDATE book_stories SET content = ?", [.text(family)])
        try fixture.database.execute(
            "INSERT INTO book_story_quotes (story_seq, position, text) SELECT seq, 19, 'q' FROM book_stories")
    }

    @Test(arguments: Self.servers)
    func aStoryGoesOnlyIntoItsAuthorsOwnThemes(backend: DatabaseBackend) throws {
        let fixture = try BookStoriesFixture(backend: backend)
        let other = try fixture.addUser(named: "joon")
        let theirs = try fixture.themeID("큐레이션", visibility: "public", as: other)
        try fixture.story(title: "씨앗", keywords: ["seed"])
        let error = try #require(throws: StorageError.self) {
            try fixture.database.execute(
                """
                INSERT INTO book_story_themes (story_seq, theme_seq, position)
                SELECT s.seq, t.seq, 0 FROM book_stories s, book_themes t WHERE t.id = ?
                """, [.text(theirs)])
        }
        #expect(error.failure == .constraint)
        #expect(try fixture.count("book_story_themes") == 0)
    }
}
