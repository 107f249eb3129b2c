import AppTestSupport
import Core
import Profiles
import Storage
import Testing
import Time

/// The Profiles plugin's app as the composition root builds it (`TestApp`: a scratch
/// database migrated with Core's and the Profiles module's schema, a fixed clock in UTC, a
/// router over the `profiles` routes, a session acting as "me"), with the profile helpers.
///
/// Every test makes its own fixture, so nothing is shared between tests.
struct ProfileFixture {
    /// 2026-01-06, noon UTC.
    static let defaultNow = "2026-01-06T12:00:00Z"

    /// The app this fixture is a view of, built by the composition root.
    let app: TestApp
    let database: any Database
    let clock: FixedClock
    let container: Container
    let router: Router
    /// The user the session acts as unless a call says otherwise.
    let user: User
    let session: Session

    init(now: String = defaultNow, backend: DatabaseBackend = .sqlite) throws {
        let app = try TestApp(
            plugins: [ProfilesPlugin()], repositories: [ProfilesSQLRepositories()], now: now, zone: "UTC",
            backend: backend)
        self.app = app
        database = app.database
        clock = app.clock
        container = app.container
        router = app.router
        user = app.user
        session = app.session
    }

    // MARK: Values

    /// A valid `dog` table for `profiles.save`, with `changes` applied (`.null` removes a field).
    static func dogValue(_ changes: [String: Value] = [:]) -> Value {
        var record = Record([
            ("name", "보리"), ("age", 3), ("sex", "female"), ("size", "small"), ("keywords", ["friendly"]),
        ])
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) { record[key] = value }
        return .table(record)
    }

    /// A valid dog built directly (no route).
    static func dog(name: String = "보리", keywords: [DogKeyword] = [.friendly]) throws -> Dog {
        try Dog(name: name, age: 3, sex: .female, neutered: false, size: .small, keywords: keywords)
    }

    /// A profile built directly (no storage).
    static func profile(
        of userID: String, nickname: String = "보리맘", dog: Dog? = nil, photo: ProfilePhoto? = nil, at now: Instant
    ) throws -> Profile {
        try Profile(
            userID: userID, nickname: nickname, dog: dog ?? Self.dog(), photo: photo, createdAt: now, updatedAt: now)
    }

    // MARK: Users and sessions

    /// Another stored user (profiles need their user in `users`).
    func addUser(named name: String) throws -> User { try app.addUser(named: name) }

    /// Moves the clock to `text`.
    func setNow(_ text: String) throws { clock.set(try TestTime.instant(text)) }

    // MARK: Repositories

    /// The profile repository over the fixture's database.
    var repository: SQLProfileRepository { SQLProfileRepository(database: database) }

    /// The stored profile of `user` (the acting user by default).
    func stored(_ user: User? = nil) throws -> Profile? { try repository.profile(of: (user ?? self.user).id) }

    /// Two small JPEG-marked byte strings as `user`'s photo, through the repository.
    @discardableResult
    func storePhoto(
        of user: User? = nil, card: [UInt8] = [0xFF, 0xD8, 0xFF, 1], thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 2]
    )
        throws -> ProfilePhoto
    {
        try repository.setPhoto(
            of: (user ?? self.user).id, card: ProcessedPhoto.Image(width: 392, height: 591, jpeg: card),
            thumbnail: ProcessedPhoto.Image(width: 100, height: 100, jpeg: thumbnail), at: clock.now())
    }

    // MARK: Routes

    /// Calls a `profiles` route as `user` (the fixture's user by default).
    @discardableResult
    func call(_ route: String, _ arguments: [String: Value] = [:], as user: User? = nil) throws -> Value {
        session.switchUser(to: user ?? self.user)
        return try router.call(route, Arguments(arguments), session: session)
    }

    /// Saves a profile through `profiles.save` as `user`.
    @discardableResult
    func save(nickname: String = "보리맘", dog: Value = dogValue(), as user: User? = nil) throws -> Value {
        try call("profiles.save", ["nickname": .string(nickname), "dog": dog], as: user)
    }

    /// The `AppError` a route call raises; a call that succeeds fails the test.
    func error(
        _ route: String, _ arguments: [String: Value] = [:], as user: User? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> AppError {
        try #require(throws: AppError.self, sourceLocation: sourceLocation) {
            try call(route, arguments, as: user)
        }
    }

    /// The `AppError` `profiles.save` raises; a save that succeeds fails the test.
    func saveError(
        nickname: String = "보리맘", dog: Value = dogValue(), as user: User? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> AppError {
        try error(
            "profiles.save", ["nickname": .string(nickname), "dog": dog], as: user, sourceLocation: sourceLocation)
    }

    // MARK: any Database contents

    /// The number of stored profiles.
    func profileCount() throws -> Int {
        try #require(try database.queryOne("SELECT COUNT(*) FROM profiles") { try $0.int(0) })
    }

    /// Every row of the users and profiles tables, as text, to show that a failed call wrote nothing.
    func snapshot() throws -> [String] {
        let queries = [
            "SELECT 'user|' || id || '|' || name || '|' || created_at FROM users ORDER BY id",
            """
            SELECT 'profile|' || user_id || '|' || nickname || '|' || nickname_folded || '|' || dog_name || '|'
                || dog_age || '|' || dog_sex || '|' || dog_neutered || '|' || dog_size || '|' || dog_keywords || '|'
                || COALESCE(card_sha256, '-') || '|' || COALESCE(thumbnail_sha256, '-') || '|'
                || COALESCE(CAST(length(card_jpeg) AS TEXT), '-') || '|' || COALESCE(CAST(length(thumbnail_jpeg) AS TEXT), '-') || '|' || created_at || '|'
                || updated_at FROM profiles ORDER BY user_id
            """,
        ]
        return try queries.flatMap { sql in try database.query(sql) { try $0.string(0) } }
    }
}
