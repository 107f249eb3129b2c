import AppTestSupport
import BookStories
import Core
import Storage
import Testing
import Time

/// The BookStories plugin's app as the composition root builds it (`TestApp`: a scratch
/// database migrated with Core's and the BookStories module's schema, a fixed clock in
/// Seoul, a router over the `bookstories` routes, a session acting as "me"), with the
/// story helpers.
///
/// Every test makes its own fixture, so nothing is shared between tests.
struct BookStoriesFixture {
    /// The app this fixture is a view of, built by the composition root.
    let app: TestApp
    let database: any Database
    let clock: FixedClock
    let container: Container
    let router: Router
    /// The acting user of `session`: "me".
    let user: User
    let session: Session

    init(now: String = TestApp.defaultNow, backend: DatabaseBackend = .sqlite) throws {
        let app = try TestApp(
            plugins: [BookStoriesPlugin()], repositories: [BookStoriesSQLRepositories()], now: now, backend: backend)
        self.app = app
        database = app.database
        clock = app.clock
        container = app.container
        router = app.router
        user = app.user
        session = app.session
    }

    // MARK: Values

    /// `count` copies of `character` as one string.
    static func text(_ character: String, count: Int) -> String { String(repeating: character, count: count) }

    /// `text` with each precomposed Hangul syllable decomposed into its conjoining jamo (the
    /// NFD form macOS file names and some keyboards produce): equal to `text` as a Swift
    /// `String`, different in UTF-8.
    static func decomposedHangul(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard (0xAC00...0xD7A3).contains(value) else {
                scalars.append(scalar)
                continue
            }
            let index = value - 0xAC00
            scalars.append(Unicode.Scalar(0x1100 + index / 588)!)
            scalars.append(Unicode.Scalar(0x1161 + (index % 588) / 28)!)
            if !index.isMultiple(of: 28) { scalars.append(Unicode.Scalar(0x11A7 + index % 28)!) }
        }
        return String(scalars)
    }

    // MARK: Users and the clock

    /// Another user, stored (stories and themes need their owner in `users`).
    func addUser(named name: String, id: String = Identifier.random()) throws -> User {
        try app.addUser(named: name, id: id)
    }

    /// Moves the clock to `text`.
    func setNow(_ text: String) throws { clock.set(try TestTime.instant(text)) }

    /// Moves the clock one day on.
    func nextDay() { clock.advance(seconds: 86_400) }

    // MARK: Routes

    /// Calls a `bookstories` route as `actor` (the acting user "me" by default), by switching
    /// the fixture's session to that user for the call.
    @discardableResult
    func call(_ route: String, _ arguments: [String: Value] = [:], as actor: User? = nil) throws -> Value {
        session.switchUser(to: actor ?? user)
        defer { session.switchUser(to: user) }
        return try router.call(route, Arguments(arguments), session: session)
    }

    /// The `AppError` a route call raises; a call that succeeds fails the test.
    func error(
        _ route: String, _ arguments: [String: Value] = [:], as actor: User? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> AppError {
        try #require(throws: AppError.self, sourceLocation: sourceLocation) {
            try call(route, arguments, as: actor)
        }
    }

    /// The ids of the stories (or themes) a list route returns, in order.
    func ids(_ route: String, _ arguments: [String: Value] = [:], as actor: User? = nil) throws -> [String] {
        try call(route, arguments, as: actor).items.map { try #require($0["id"].stringValue) }
    }

    /// Creates a story through `bookstories.create` and returns its record.
    @discardableResult
    func story(
        title: String = "데미안", quotes: Value = ["새는 알에서 나오려고 투쟁한다."], content: String? = nil,
        keywords: [String]? = nil, themes: [String]? = nil, visibility: String? = nil, as actor: User? = nil
    ) throws -> Value {
        var arguments: [String: Value] = ["book": ["title": .string(title), "author": "헤르만 헤세"], "quotes": quotes]
        if let content { arguments["content"] = .string(content) }
        if let keywords { arguments["keywords"] = .array(keywords.map(Value.string)) }
        if let themes { arguments["themes"] = .array(themes.map(Value.string)) }
        if let visibility { arguments["visibility"] = .string(visibility) }
        return try call("bookstories.create", arguments, as: actor)
    }

    /// Creates a story and returns its id.
    @discardableResult
    func storyID(
        title: String = "데미안", keywords: [String]? = nil, themes: [String]? = nil, visibility: String? = nil,
        as actor: User? = nil
    ) throws -> String {
        let record = try story(title: title, keywords: keywords, themes: themes, visibility: visibility, as: actor)
        return try #require(record["id"].stringValue)
    }

    /// Creates a theme through `bookstories.themes.create` and returns its id.
    @discardableResult
    func themeID(_ name: String = "성장", visibility: String? = nil, as actor: User? = nil) throws -> String {
        var arguments: [String: Value] = ["name": .string(name)]
        if let visibility { arguments["visibility"] = .string(visibility) }
        return try #require(try call("bookstories.themes.create", arguments, as: actor)["id"].stringValue)
    }

    // MARK: Use cases and repositories

    /// The dependencies the plugin registered.
    func dependencies() throws -> BookStoryDependencies { try container.resolve(BookStoryDependencies.self) }

    // MARK: any Database contents

    /// The tables whose row counts must not move when a call fails.
    static let tables = ["book_stories", "book_story_quotes", "book_story_keywords", "book_themes"]

    /// The number of rows in `table`.
    func count(_ table: String) throws -> Int {
        try #require(try database.queryOne("SELECT COUNT(*) FROM \(table)") { try $0.int(0) })
    }

    /// The row counts of `tables`, in order.
    func counts() throws -> [Int] { try Self.tables.map(count) }

    /// Every row of the BookStories tables, as text, to show that a failed call wrote nothing.
    func snapshot() throws -> [String] {
        let queries = [
            """
            SELECT 'story|' || seq || '|' || id || '|' || author_id || '|' || book_title || '|' || book_author
                || '|' || coalesce(book_publisher, '-') || '|' || coalesce(book_isbn, '-') || '|'
                || coalesce(content, '-') || '|' || visibility || '|' || created_at || '|' || updated_at
            FROM book_stories ORDER BY seq
            """,
            """
            SELECT 'quote|' || story_seq || '|' || position || '|' || text || '|' || coalesce(CAST(page AS TEXT), '-')
            FROM book_story_quotes ORDER BY story_seq, position
            """,
            """
            SELECT 'keyword|' || story_seq || '|' || position || '|' || keyword || '|' || folded || '|' || author_id
                || '|' || visibility || '|' || created_at
            FROM book_story_keywords ORDER BY story_seq, position
            """,
            """
            SELECT 'theme|' || seq || '|' || id || '|' || owner_id || '|' || name || '|' || coalesce(description, '-')
                || '|' || visibility || '|' || created_at || '|' || updated_at
            FROM book_themes ORDER BY seq
            """,
            """
            SELECT 'link|' || story_seq || '|' || theme_seq || '|' || position FROM book_story_themes
            ORDER BY story_seq, position
            """,
            """
            SELECT 'review|' || user_id || '|' || day || '|' || position || '|' || story_seq FROM book_story_reviews
            ORDER BY user_id, day, position
            """,
        ]
        return try queries.flatMap { sql in try database.query(sql) { try $0.string(0) } }
    }
}
