import AppTestSupport
import Core
import Habits
import Storage
import Testing
import Time

/// The Habits plugin's app as the composition root builds it (`TestApp`: a scratch database
/// migrated with Core's and the Habits module's schema, a fixed clock in a fixed zone, a
/// router over the `habits` routes, a session acting as "me"), with the habit helpers.
///
/// Every test makes its own fixture, so nothing is shared between tests.
struct HabitFixture {
    /// The app this fixture is a view of, built by the composition root.
    let app: TestApp
    let database: any Database
    let clock: FixedClock
    let container: Container
    let router: Router
    /// The acting user of `session`.
    let user: User
    let session: Session

    init(now: String = TestApp.defaultNow, zone: String = TestApp.seoul, backend: DatabaseBackend = .sqlite) throws {
        let app = try TestApp(
            plugins: [HabitsPlugin()], repositories: [HabitsSQLRepositories()], now: now, zone: zone, backend: backend)
        self.app = app
        database = app.database
        clock = app.clock
        container = app.container
        router = app.router
        user = app.user
        session = app.session
    }

    // MARK: Values

    /// The days of `texts`, as a set.
    static func days(_ texts: [String]) throws -> Set<LocalDay> { Set(try texts.map(TestTime.day)) }

    /// A tracking period written `"2026-01-01...2026-01-05"` (closed) or `"2026-01-07..."` (open).
    static func period(_ text: String) throws -> TrackingPeriod {
        let separator = try #require(text.firstRange(of: "..."))
        let start = try TestTime.day(String(text[..<separator.lowerBound]))
        let endText = String(text[separator.upperBound...])
        let end = endText.isEmpty ? nil : try TestTime.day(endText)
        return try #require(TrackingPeriod(start: start, end: end))
    }

    /// A habit built directly (no storage): one open period from `start` unless `periods` says otherwise.
    static func habit(
        name: String = "Run", start: String, periods: [String]? = nil, ownerID: String = "owner",
        id: String = Identifier.random(), at now: Instant = Instant(secondsSince1970: 1_767_225_600)
    ) throws -> Habit {
        let startDay = try TestTime.day(start)
        guard let periods else {
            return try Habit.new(id: id, ownerID: ownerID, name: name, startDay: startDay, at: now)
        }
        return try Habit(
            id: id, ownerID: ownerID, name: name, startDay: startDay, trackingPeriods: try periods.map(period),
            createdAt: now, updatedAt: now)
    }

    // MARK: Users and sessions

    /// A second user, stored (habits need their owner in `users`).
    func addUser(named name: String) throws -> User { try app.addUser(named: name) }

    /// A session acting as `user` on the same clock and container.
    func session(for user: User) -> Session { app.session(for: user) }

    /// Moves the clock to `text`.
    func setNow(_ text: String) throws { clock.set(try TestTime.instant(text)) }

    // MARK: Use cases and repositories

    /// The dependencies the plugin registered.
    func dependencies() throws -> HabitDependencies { try container.resolve(HabitDependencies.self) }

    /// The habit repository over the fixture's database.
    var habitRepository: SQLHabitRepository { SQLHabitRepository(database: database) }

    /// The completion repository over the fixture's database.
    var completionRepository: SQLCompletionRepository { SQLCompletionRepository(database: database) }

    /// Creates a habit through `CreateHabit`.
    @discardableResult
    func create(_ name: String, start: String? = nil, as owner: User? = nil) throws -> Habit {
        try CreateHabit(try dependencies())(
            name: name, start: try start.map(TestTime.day), ownerID: (owner ?? user).id)
    }

    /// Stores a habit with any valid layout of periods straight through the repository.
    @discardableResult
    func insert(_ name: String, start: String, periods: [String], as owner: User? = nil) throws -> Habit {
        let habit = try Self.habit(
            name: name, start: start, periods: periods, ownerID: (owner ?? user).id, at: clock.now())
        try habitRepository.insert(habit)
        return habit
    }

    /// Records a completion through `RecordCompletion` (today when `on` is nil).
    @discardableResult
    func complete(_ reference: String, on day: String? = nil, as owner: User? = nil) throws -> Completion {
        try RecordCompletion(try dependencies())(reference, on: try day.map(TestTime.day), ownerID: (owner ?? user).id)
    }

    /// The stored habit with this id, for `owner` (the acting user by default).
    func stored(_ id: String, as owner: User? = nil) throws -> Habit? {
        try habitRepository.habit(id: id, ownedBy: (owner ?? user).id)
    }

    // MARK: Routes

    /// Calls a `habits` route as `owner` (the acting user by default).
    @discardableResult
    func call(_ route: String, _ arguments: [String: Value] = [:], as owner: User? = nil) throws -> Value {
        try router.call(route, Arguments(arguments), session: owner.map(session(for:)) ?? session)
    }

    /// The `AppError` a route call raises; a call that succeeds fails the test.
    func error(
        _ route: String, _ arguments: [String: Value] = [:], as owner: User? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> AppError {
        try #require(throws: AppError.self, sourceLocation: sourceLocation) {
            try call(route, arguments, as: owner)
        }
    }

    // MARK: any Database contents

    /// The number of rows in `table`.
    func count(_ table: String) throws -> Int {
        try #require(try database.queryOne("SELECT COUNT(*) FROM \(table)") { try $0.int(0) })
    }

    /// The number of completions stored for `habitID`.
    func completionCount(habitID: String) throws -> Int {
        try #require(
            try database.queryOne("SELECT COUNT(*) FROM habit_completions WHERE habit_id = ?", [.text(habitID)]) {
                try $0.int(0)
            })
    }

    /// Every row of the users and habits tables, as text, to show that a failed call wrote nothing.
    func snapshot() throws -> [String] {
        let queries = [
            "SELECT 'user|' || id || '|' || name || '|' || created_at FROM users ORDER BY id",
            """
            SELECT 'habit|' || id || '|' || owner_id || '|' || name || '|' || start_day || '|' || created_at
                || '|' || updated_at FROM habits ORDER BY id
            """,
            """
            SELECT 'period|' || habit_id || '|' || position || '|' || start_day || '|' || COALESCE(end_day, '-')
            FROM habit_periods ORDER BY habit_id, position
            """,
            """
            SELECT 'completion|' || id || '|' || habit_id || '|' || completed_on || '|' || recorded_at
            FROM habit_completions ORDER BY id
            """,
        ]
        return try queries.flatMap { sql in try database.query(sql) { try $0.string(0) } }
    }
}
