import BookStories
import Core
import Habits
import Imaging
import Mates
import Profiles
import Storage
import Time
import Walks

/// The one composition root: the list of plugins and the live implementations, wired the
/// same for `app-shell`, `app-bench` and every test that runs the whole app.
public enum AppAssembly {
    /// Every module of the app, in the order their routes and tables are set up.
    public static let plugins: [any ModulePlugin] = [
        AppPlugin(), TracePlugin(), EventsPlugin(), PeoplePlugin(), ReportsPlugin(), NotificationsPlugin(),
        HabitsPlugin(),
        BookStoriesPlugin(), ProfilesPlugin(), MatesPlugin(), WalksPlugin(), AdminPlugin(),
    ]

    /// What members of a shared server may do to every table, Storage's first and then each
    /// plugin's in their order: what `admin.setup()` grants and the policies it creates.
    public static func tableAccess(_ plugins: [any ModulePlugin] = plugins) -> [TableAccess] {
        tableAccessByModule(plugins).flatMap(\.tables)
    }

    /// `tableAccess` by the module that declares it: `storage`, then each plugin's name.
    public static func tableAccessByModule(_ plugins: [any ModulePlugin] = plugins) -> [(
        module: String, tables: [TableAccess]
    )] {
        [("storage", StorageTableAccess.tables)]
            + plugins.map { ($0.name, $0.tableAccess) }.filter { !$0.1.isEmpty }
    }

    /// The implementations of the plugins' repository protocols over the SQL database.
    public static let sqlRepositories: [any SQLRepositories] = [
        HabitsSQLRepositories(), BookStoriesSQLRepositories(), ProfilesSQLRepositories(), MatesSQLRepositories(),
        WalksSQLRepositories(),
    ]

    /// What a program does first thing in its main, while it has one thread: SQLite's
    /// process-wide settings (before any library that links SQLite can initialise it) and
    /// libvips' place in the environment (`VipsPhotoProcessor.reserveEnvironment`).
    public static func prepareProcess() {
        SQLiteProcessSettings.apply()
        VipsPhotoProcessor.reserveEnvironment()
    }

    /// Opens and migrates the database (and reads photo files an earlier version wrote into
    /// it), registers the event recorder with its commit hooks, the shared services and every
    /// plugin, and builds the router with its middleware.
    /// - Throws: `AppError` when the database cannot be opened or migrated, or a route is
    ///   declared twice.
    public static func assemble(_ options: AppOptions) throws -> AssembledApp {
        try prepare(options).start()
    }

    /// Wires the app without waiting for its database: the container with every plugin and
    /// the router exist at once, while a PostgreSQL server is being connected to on a thread
    /// of its own (loading libpq and the login take longer than the rest of a start). A
    /// SQLite file is opened here. `PreparedApp.start()` then checks the login, migrates
    /// and returns the app.
    /// - Throws: `AppError` when a SQLite file cannot be opened or a route is declared twice.
    public static func prepare(_ options: AppOptions) throws -> PreparedApp {
        try prepare(options, over: try openDatabase(options, connectingAhead: true))
    }

    /// Wires and starts the app over `database`, already open (a test's scratch database),
    /// instead of the one `options.databasePath` names: the same migrations, container,
    /// plugins and router as `assemble`.
    /// - Throws: as `assemble`.
    public static func assemble(_ options: AppOptions, over database: any Database) throws -> AssembledApp {
        try prepare(options, over: database).start()
    }

    private static func prepare(_ options: AppOptions, over database: any Database) throws -> PreparedApp {
        let container = Container()
        // Route events are stored with the next transaction's own writes, or in a batch.
        let recorder = StorageAssembly.register(
            database, in: container, eventBacklog: options.eventBacklog, repositories: options.repositories,
            importBytes: options.importBytes)
        let modules = StorageAssembly.modules(options.plugins)
        container.register((any Clock).self, instance: options.clock)
        container.register(Signposter.self, instance: options.signposter)
        container.register(EventSinkChoice.self, instance: options.eventSink)
        container.register(
            ServerSetup.self,
            instance: ServerSetup(database: database, modules: modules, access: tableAccess(options.plugins)))
        container.register((any PhotoProcessing).self, instance: options.photoProcessor)
        container.register((any WalkCardDrawing).self, instance: VipsWalkCardDrawing())
        container.register(ModerateReports.self) { resolver in
            ModerateReports(
                database: database, reports: try resolver.resolve((any ReportStore).self),
                targets: resolver.scope.isRegistered((any ReportTargets).self)
                    ? try resolver.resolve((any ReportTargets).self) : nil,
                setup: try resolver.resolve(ServerSetup.self), clock: try resolver.resolve((any Clock).self))
        }
        for plugin in options.plugins { plugin.register(in: container) }
        let plugins = options.plugins
        container.register((any InboxTimeouts).self) { resolver in
            InboxTimeoutsList(try plugins.compactMap { try $0.inboxTimeouts(resolver) })
        }
        let middleware: [any Middleware] =
            options.middleware
            ? [
                TraceMiddleware(signposter: options.signposter),
                EventMiddleware(recorder: recorder, storeBatch: { [database] in try? database.transaction {} }),
            ] : []
        let router = try Router(
            routes: options.plugins.flatMap { $0.routes() } + options.extraRoutes, middleware: middleware)
        return PreparedApp(
            database: database, container: container, router: router,
            shapes: options.plugins.flatMap { $0.shapes() }, options: options, modules: modules)
    }

    /// The first statements of a start, after `prepare`: the login (PostgreSQL), the
    /// migrations or the schema check, and the photo files of an earlier version.
    static func start(_ prepared: PreparedApp) throws -> AssembledApp {
        let database = prepared.database
        let options = prepared.options
        // The login's users row comes with the versions when the login is the user.
        let login = try ServerLogin(database) { _, isSuperuser in !(isSuperuser && options.superuserActsAsAnyone) }
        let identity =
            login.map { $0.isSuperuser && options.superuserActsAsAnyone ? .chosen : .databaseLogin($0.name) }
            ?? IdentitySource.chosen
        let applied = try migrateOrCheck(database, modules: prepared.modules, login: login)
        // Only a SQLite file can have photo files waiting: PostgreSQL came to the app after
        // photos moved into the database, so no server schema ever had the paths to move
        // (and they would name files on whichever machine ran the migration). On a server
        // this read was a round trip of every start.
        if options.plugins.contains(where: { $0 is ProfilesPlugin }), login == nil {
            // Never fatal: what cannot be imported now (another process holds the write
            // lock, a file not found) waits in profile_photo_files for the next start; a
            // failure other than a busy file is said on standard error.
            do {
                _ = try ProfilePhotoFileImport(database: database, report: options.notices).run()
            } catch let error as StorageError where error.failure == .busy {
                // Another process is writing: the next start imports them.
            } catch {
                options.notices("profiles: photo files not imported this time: \(AppError.wrapping(error).message)")
            }
        }
        prepared.container.register(IdentitySource.self, instance: identity)
        return AssembledApp(
            database: database, container: prepared.container, router: prepared.router, clock: options.clock,
            shapes: prepared.shapes, identity: identity,
            loginUser: applied ? nil : login?.user)
    }

    /// Applies the missing migrations at start-up, except on a PostgreSQL schema that
    /// `admin.setup()` has set up, whose migrations only setup applies (as the tables'
    /// owner, with every row in view). There a member's app-shell checks that nothing is
    /// missing; so does one on a schema not set up in which the login may not create.
    /// - Throws: `storage.schema_outdated` when a member's app-shell is newer than the
    ///   schema; the migrator's errors otherwise.
    /// - Returns: whether a migration was applied.
    @discardableResult
    static func migrateOrCheck(_ database: any Database, modules: [Migrator.Module], login: ServerLogin?) throws
        -> Bool
    {
        let migrator = Migrator(database: database)
        guard let login else {
            return try !migrator.migrate(modules).isEmpty
        }
        let versions = try login.versions ?? migrator.versions()
        let setUp = versions[ServerSetup.module] ?? 0
        if setUp == 0, login.mayCreate {
            // The login's versions are those of the schema the app's statements find; when
            // something is missing, the migrator reads those of the first schema of the
            // search path itself, where it creates tables.
            let missing = try login.versions == nil || migrator.firstMissing(modules, known: versions) != nil
            guard missing else { return false }
            // Tables found further down the search path, none in its first schema: migrating
            // would make a second, empty set there and the app would move to it.
            if login.versions?.isEmpty == false, try migrator.versions().isEmpty {
                throw StorageError(
                    .other,
                    message: "app-shell's tables are in a schema further down the search path than the first, "
                        + "where migrating them would make a second, empty set: put their schema first on the "
                        + "search path (options=-c search_path=SCHEMA in the URL)")
            }
            return try !migrator.migrate(modules).isEmpty
        }
        // The administrator starts even when something is missing: admin.setup() applies it.
        if login.mayCreate { return false }
        let missing = try migrator.firstMissing(modules, known: versions)
        guard missing == nil, setUp >= ServerSetup.version else {
            let what =
                missing.map { "\($0.module) is at schema version \($0.have), this app-shell needs \($0.need)" }
                ?? "its setup is at version \(setUp), this app-shell needs \(ServerSetup.version)"
            throw AppError(
                code: "storage.schema_outdated",
                message: "the server's schema is older than this app-shell (\(what)); "
                    + "ask the administrator to run admin.setup()")
        }
        return false
    }

    /// Whether `location` names a PostgreSQL server (`postgres://` or `postgresql://`) rather
    /// than a SQLite file.
    public static func isPostgresURL(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// The backend `options.databasePath` names: `PostgresDatabase` for a PostgreSQL URL
    /// (libpq is loaded then, on the first connection, and never for SQLite), else the SQLite
    /// file (or `:memory:`).
    static func openDatabase(_ options: AppOptions, connectingAhead: Bool = false) throws -> any Database {
        if isPostgresURL(options.databasePath) {
            return try PostgresDatabase(
                options.databasePath, signposter: options.signposter, connectTimeout: options.connectTimeout,
                connectingAhead: connectingAhead, reader: options.readerPath)
        }
        return try SQLiteDatabase(path: options.databasePath, signposter: options.signposter)
    }
}
