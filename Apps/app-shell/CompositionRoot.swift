import BookStories
import Core
import FoundationEssentials
import Habits
import Imaging
import Mates
import Profiles
import Scripting
import Storage
import Walks

/// The one place that knows the list of plugins and chooses the live implementations.
enum CompositionRoot {
    /// Every module of the app, in the order their routes and tables are set up.
    static let plugins: [any ModulePlugin] = [
        AppPlugin(), TracePlugin(), EventsPlugin(), HabitsPlugin(), BookStoriesPlugin(), ProfilesPlugin(),
        MatesPlugin(), WalksPlugin(),
    ]

    /// The implementations of the plugins' repository protocols over the SQL database.
    static let sqlRepositories: [any SQLRepositories] = [
        HabitsSQLRepositories(), BookStoriesSQLRepositories(), ProfilesSQLRepositories(), MatesSQLRepositories(),
        WalksSQLRepositories(),
    ]

    /// Builds the clock, opens and migrates the database, registers every plugin, signs
    /// the user in and binds the router into a Lua engine.
    /// - Throws: `UsageError` for a bad `--now`, `--tz` or `--user`; `AppError` when the
    ///   database cannot be opened or migrated.
    static func makeEngine(
        _ options: ShellOptions, environment: [String: String], signposter: Signposter
    ) throws -> LuaEngine {
        let clock = try makeClock(options, environment: environment)
        let database = try SQLiteDatabase(
            path: try databasePath(options, environment: environment), signposter: signposter)
        try StorageAssembly.migrate(database, plugins: plugins)

        let container = Container()
        // Route events are stored with the next transaction's own writes, or in a batch.
        let recorder = StorageAssembly.register(
            database, in: container, eventBacklog: options.eventsBacklog ?? SQLEventStore.defaultCapacity,
            repositories: sqlRepositories)
        container.register((any Clock).self, instance: clock)
        container.register(Signposter.self, instance: signposter)
        container.register(EventSinkChoice.self, instance: eventSink(options.eventsSink))
        container.register((any PhotoProcessing).self, instance: VipsPhotoProcessor())
        container.register(PhotoFolder.self) { _ in try photoFolder(options, environment: environment) }
        for plugin in plugins { plugin.register(in: container) }
        let router = try Router(
            routes: plugins.flatMap { $0.routes() },
            middleware: [
                TraceMiddleware(signposter: signposter),
                EventMiddleware(recorder: recorder, storeBatch: { try? database.transaction {} }),
            ])

        let userName = options.userName ?? environment["APP_SHELL_USER"] ?? "me"
        let user: User
        do {
            user = try container.resolve(UserAccounts.self).signIn(name: userName)
        } catch let error as AppError where error.code == "invalid_argument" {
            throw UsageError(message: "--user: \(error.message)")
        }
        let session = Session(user: user, clock: clock, container: container)

        let root = scriptFolder(options)
        let configuration = configurationFolder(environment)
        let modulePath = [
            "\(root)/?.lua", "\(root)/?/init.lua", "\(configuration)/plugins/?.lua", "\(configuration)/lua/?.lua",
            "\(configuration)/lua/?/init.lua",
        ].joined(separator: ";")
        return try LuaEngine(
            router: router, session: session,
            options: EngineOptions(
                allowIO: options.allowIO, memoryLimitBytes: options.maxMemoryMB * 1_048_576, sandboxRoot: root,
                modulePath: modulePath, configurationFolder: configuration))
    }

    static func makeClock(_ options: ShellOptions, environment: [String: String]) throws -> any Clock {
        let zone: TimeZoneRules
        if let name = options.timeZone ?? environment["TZ"] {
            do {
                zone = name.isEmpty ? .utc : try TimeZoneRules.named(name)
            } catch {
                throw UsageError(message: "--tz: \(AppError.wrapping(error).message)")
            }
        } else {
            zone = TimeZoneRules.systemLocal()
        }
        guard let text = options.now ?? environment["APP_SHELL_NOW"] else { return SystemClock(timeZone: zone) }
        guard let instant = Instant(iso8601: text) else {
            throw UsageError(
                message: "--now: '\(text)' is not an ISO-8601 instant with an offset, such as 2026-11-29T08:00:00+09:00"
            )
        }
        return FixedClock(instant, timeZone: zone)
    }

    /// The sink `--events-sink` names: an http:// (or https://) URL, else a JSON Lines file.
    static func eventSink(_ sink: String?) -> EventSinkChoice {
        guard let sink else { return EventSinkChoice(sink: nil, description: "no sink") }
        if sink.hasPrefix("http://") || sink.hasPrefix("https://") {
            return EventSinkChoice(sink: HTTPEventSink(url: sink, timeoutMilliseconds: 10_000), description: sink)
        }
        return EventSinkChoice(sink: JSONLinesEventSink(path: sink), description: sink)
    }

    /// Where profile photos go: `photos/` beside the database file, or under
    /// `$XDG_DATA_HOME/app-shell/` for `:memory:`. Made on first use.
    static func photoFolder(_ options: ShellOptions, environment: [String: String]) throws -> PhotoFolder {
        let database = try databasePath(options, environment: environment)
        let base: String
        if database == ":memory:" || database.hasPrefix("file:") {
            let data = environment["XDG_DATA_HOME"] ?? (environment["HOME"].map { "\($0)/.local/share" } ?? ".")
            base = "\(data)/app-shell"
        } else {
            base = directory(of: database)
        }
        let folder = "\(base)/photos"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw AppError(code: "storage.io", message: "cannot create \(folder): \(error)")
        }
        return PhotoFolder(path: folder)
    }

    /// Stores the events still buffered (the process is ending).
    static func storeBufferedEvents(_ container: Container) {
        guard let recorder = try? container.resolve(EventRecorder.self), recorder.bufferedCount > 0,
            let database = try? container.resolve((any Database).self)
        else { return }
        try? database.transaction {}
    }

    /// The folder of the running script (`.` for the REPL, `-e` and standard input).
    static func scriptFolder(_ options: ShellOptions) -> String {
        options.script.flatMap { $0 == "-" ? nil : directory(of: $0) } ?? "."
    }

    /// `$XDG_CONFIG_HOME/app-shell` (default `~/.config/app-shell`): init.lua, plugins/, lua/.
    static func configurationFolder(_ environment: [String: String]) -> String {
        let configuration = environment["XDG_CONFIG_HOME"] ?? (environment["HOME"].map { "\($0)/.config" } ?? ".")
        return "\(configuration)/app-shell"
    }

    static func databasePath(_ options: ShellOptions, environment: [String: String]) throws -> String {
        if let path = options.databasePath { return path }
        let data = environment["XDG_DATA_HOME"] ?? (environment["HOME"].map { "\($0)/.local/share" } ?? ".")
        let folder = "\(data)/app-shell"
        // Made 0700: the database is one OS user's (an existing folder keeps its mode).
        if !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw AppError(code: "storage.open_failed", message: "cannot create \(folder): \(error)")
            }
        }
        return "\(folder)/app.db"
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
