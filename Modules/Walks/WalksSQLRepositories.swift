import Core
import Storage
import Time

/// The walk store over a SQL database, for the composition root.
public struct WalksSQLRepositories: SQLRepositories {
    /// The SQL walk store; stateless, the database comes with `register(over:in:)`.
    public init() {}

    /// Registers `any WalkStore`. On PostgreSQL with the machine's real clock, the server's
    /// clock judges each request's 60 seconds, so people on machines whose clocks differ
    /// share one window; on a server whose row-level security judges walk requests (set up
    /// by `admin.setup()`), the server's clock always does, under `--now` too, since its
    /// policies accept nothing else. On SQLite (one machine) and under a fixed clock
    /// (`--now`) elsewhere, the app's clock does.
    public func register(over database: any Database, in container: Container) {
        container.register((any WalkStore).self) { resolver in
            // A container with no clock (a test of the repositories alone) keeps the app's.
            let realClock = (try? resolver.resolve((any Clock).self)) is SystemClock
            let judge: SQLWalkStore.Judge =
                database.dialect.name == .postgreSQL && (realClock || Self.policiesJudgeWalkRequests(database))
                ? .database : .app
            return SQLWalkStore(database: database, judge: judge)
        }
    }

    /// Whether row-level security policies guard `walk_requests` in the connection's schema.
    private static func policiesJudgeWalkRequests(_ database: any Database) -> Bool {
        let found = try? database.queryOne(
            """
            SELECT EXISTS (SELECT 1 FROM pg_policies
                WHERE schemaname = current_schema() AND tablename = 'walk_requests')
            """, { try $0.bool(0) })
        return found == true
    }

    /// The `walks` section of the export document.
    public func portableSections(over database: any Database) -> [any PortableSection] {
        [SQLWalksSection(database: database)]
    }

    /// GPX files: each track a walk with its route.
    public func foreignFormats(over database: any Database) -> [any ForeignFormat] {
        [GPXWalksFormat(database: database)]
    }
}
