import Assembly
import Core
import Storage
import Time

/// One test's app, built by the composition root as `app-shell` builds it: a scratch
/// database of `backend` (`:memory:`, or a private schema on the test server) migrated with
/// Core's and the plugins' schemas, a fixed clock, the container with every shared service,
/// a router over the plugins' routes (no middleware, so no route writes an event), and a
/// session acting as the user "me".
///
/// Every test makes its own, so nothing is shared between tests; its database is closed
/// (and a server schema dropped) when the last reference to it goes, since the container
/// and the database's commit hooks refer to each other and would keep it open. A feature's
/// fixture keeps its own helpers (a habit's snapshot, a dog's table) on top of this one.
public final class TestApp: Sendable {
    /// Tuesday 2026-01-06, noon in Seoul: the default "now" of the feature tests.
    public static let defaultNow = "2026-01-06T12:00:00+09:00"
    /// The zone of every test that is not about another zone.
    public static let seoul = "Asia/Seoul"

    /// The app as the composition root built it.
    public let app: AssembledApp
    /// Its clock, which a test moves.
    public let clock: FixedClock
    /// The acting user of `session`: "me".
    public let user: User
    /// A session acting as `user`.
    public let session: Session

    /// The database, migrated.
    public var database: any Database { app.database }
    /// The container, with the plugins' use cases and their repositories.
    public var container: Container { app.container }
    /// The router over the plugins' routes.
    public var router: Router { app.router }

    /// The app of `plugins` with the `repositories` they resolve, its clock at `now` in `zone`.
    /// - Throws: when `now` or `zone` is not valid, or the database cannot be opened.
    public init(
        plugins: [any ModulePlugin], repositories: [any SQLRepositories], now: String = defaultNow,
        zone: String = seoul, backend: DatabaseBackend = .sqlite
    ) throws {
        let clock = try TestTime.clock(now, zone: zone)
        let options = AppOptions(
            databasePath: "", clock: clock, plugins: plugins, repositories: repositories, middleware: false,
            superuserActsAsAnyone: true)
        let app = try AppAssembly.assemble(options, over: try backend.openScratch())
        let user = User(id: Identifier.random(), name: "me", createdAt: clock.now())
        try SQLUserRepository(database: app.database).insert(user)
        self.app = app
        self.clock = clock
        self.user = user
        self.session = Session(user: user, clock: clock, container: app.container)
    }

    deinit { app.database.close() }

    /// Another user, stored with `id` (rows of a user need their owner in `users`).
    public func addUser(named name: String, id: String = Identifier.random()) throws -> User {
        let user = User(id: id, name: name, createdAt: clock.now())
        try SQLUserRepository(database: database).insert(user)
        return user
    }

    /// A session acting as `user` on the same clock and container.
    public func session(for user: User) -> Session { Session(user: user, clock: clock, container: container) }

    /// Calls `route` through the router as `user` ("me" by default).
    @discardableResult
    public func call(_ route: String, _ arguments: [String: Value] = [:], as user: User? = nil) throws -> Value {
        try router.call(route, Arguments(arguments), session: session(for: user ?? self.user))
    }
}
