import BookStories
import Core
import Habits
import Mates
import Profiles
import Storage
import Walks

/// The one composition root: the list of plugins and the live implementations, wired the
/// same for `app-shell`, `app-bench` and every test that runs the whole app.
public enum AppAssembly {
    /// Every module of the app, in the order their routes and tables are set up.
    public static let plugins: [any ModulePlugin] = [
        AppPlugin(), TracePlugin(), EventsPlugin(), HabitsPlugin(), BookStoriesPlugin(), ProfilesPlugin(),
        MatesPlugin(), WalksPlugin(),
    ]

    /// The implementations of the plugins' repository protocols over the SQL database.
    public static let sqlRepositories: [any SQLRepositories] = [
        HabitsSQLRepositories(), BookStoriesSQLRepositories(), ProfilesSQLRepositories(), MatesSQLRepositories(),
        WalksSQLRepositories(),
    ]

    /// Opens and migrates the database (and reads photo files an earlier version wrote into
    /// it), registers the event recorder with its commit hooks, the shared services and every
    /// plugin, and builds the router with its middleware.
    /// - Throws: `AppError` when the database cannot be opened or migrated, or a route is
    ///   declared twice.
    public static func assemble(_ options: AppOptions) throws -> AssembledApp {
        let database = try openDatabase(options)
        try StorageAssembly.migrate(database, plugins: options.plugins)
        if options.plugins.contains(where: { $0 is ProfilesPlugin }) {
            // Never fatal: what cannot be imported now (another process holds the write
            // lock) waits in profile_photo_files for the next start.
            _ = try? ProfilePhotoFileImport(database: database).run()
        }
        let container = Container()
        // Route events are stored with the next transaction's own writes, or in a batch.
        let recorder = StorageAssembly.register(
            database, in: container, eventBacklog: options.eventBacklog, repositories: options.repositories)
        container.register((any Clock).self, instance: options.clock)
        container.register(Signposter.self, instance: options.signposter)
        container.register(EventSinkChoice.self, instance: options.eventSink)
        container.register((any PhotoProcessing).self, instance: options.photoProcessor)
        for plugin in options.plugins { plugin.register(in: container) }
        let middleware: [any Middleware] =
            options.middleware
            ? [
                TraceMiddleware(signposter: options.signposter),
                EventMiddleware(recorder: recorder, storeBatch: { [database] in try? database.transaction {} }),
            ] : []
        let router = try Router(
            routes: options.plugins.flatMap { $0.routes() } + options.extraRoutes, middleware: middleware)
        return AssembledApp(
            database: database, container: container, router: router, clock: options.clock,
            shapes: options.plugins.flatMap { $0.shapes() })
    }

    /// Whether `location` names a PostgreSQL server (`postgres://` or `postgresql://`) rather
    /// than a SQLite file.
    public static func isPostgresURL(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// The backend `options.databasePath` names: `PostgresDatabase` for a PostgreSQL URL
    /// (libpq is loaded then, on the first connection, and never for SQLite), else the SQLite
    /// file (or `:memory:`).
    static func openDatabase(_ options: AppOptions) throws -> any Database {
        if isPostgresURL(options.databasePath) {
            return try PostgresDatabase(options.databasePath, signposter: options.signposter)
        }
        return try SQLiteDatabase(path: options.databasePath, signposter: options.signposter)
    }
}
