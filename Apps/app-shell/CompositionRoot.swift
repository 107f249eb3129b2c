import Assembly
import Core
import FoundationEssentials
import Scripting
import Storage
import Time

/// The shell's part of the composition: turns the command line into `AppOptions`, lets
/// `AppAssembly` wire the app, and binds its router into a Lua engine.
enum CompositionRoot {
    /// Every module of the app (`AppAssembly.plugins`).
    static var plugins: [any ModulePlugin] { AppAssembly.plugins }

    /// Builds the clock, has `AppAssembly` open and migrate the database and wire every
    /// plugin, signs the user in and binds the router into a Lua engine.
    /// - Throws: `UsageError` for a bad `--now`, `--tz` or `--user`; `AppError` when the
    ///   database cannot be opened or migrated.
    static func makeEngine(
        _ options: ShellOptions, environment: [String: String], signposter: Signposter
    ) throws -> LuaEngine {
        let clock = try makeClock(options, environment: environment)
        // On PostgreSQL the connection (loading libpq, TCP, the login: most of a start) is
        // opened on a thread of its own while the Lua engine is built here; the engine's
        // session acts as the user once the database has named them, before any Lua runs.
        var appOptions = AppOptions(
            databasePath: try databasePath(options, environment: environment), clock: clock,
            eventSink: eventSink(options.eventsSink),
            eventBacklog: options.eventsBacklog ?? SQLEventStore.defaultCapacity,
            // --max-memory bounds what an import holds too (PortableSections keeps its own cap).
            importBytes: options.maxMemoryMB * 1_048_576,
            signposter: signposter,
            superuserActsAsAnyone: environment["APP_SHELL_TEST_IMPERSONATE"] == "1",
            notices: { Terminal.error($0) })
        appOptions.connectTimeout = options.connectTimeout
        if options.readerPath != nil, !AppAssembly.isPostgresURL(appOptions.databasePath) {
            throw UsageError(message: "--read-db needs a PostgreSQL server in --db (a standby of it)")
        }
        appOptions.readerPath = options.readerPath
        let prepared = try AppAssembly.prepare(appOptions)
        // app.notify reaches the desktop when a session bus is there.
        prepared.container.register((any Notifier).self, instance: FreedesktopNotifier(environment: environment))
        let session = Session(
            user: User(id: "", name: "", createdAt: clock.now()), clock: clock, container: prepared.container)
        let engine = try makeEngine(
            options, router: prepared.router, shapes: prepared.shapes, session: session, environment: environment)
        // The thread that watches signals and deadlines, made once the engine is built and
        // before the wait for the connection, where main has nothing else to do. (Making a
        // thread takes glibc's TLS lock, which a dlopen holds: made at the top of main
        // while another thread loaded libpq, it blocked main for about 5 ms;
        // docs/performance.md.)
        Sentinel.shared.start()
        let app = try prepared.start()
        if case .databaseLogin(let login) = app.identity {
            // On PostgreSQL the login is the user; APP_SHELL_USER (ambient) is ignored.
            if options.userName != nil {
                throw UsageError(
                    message: "--user: on PostgreSQL you act as your database login '\(login)'; "
                        + "connect as another role instead (--db postgresql://NAME@HOST/DATABASE)")
            }
            session.switchUser(to: try app.session(for: login).user)
        } else {
            let chosen = options.userName ?? environment["APP_SHELL_USER"]
            let userName = chosen ?? "me"
            do {
                let (entered, created) = try app.enter(userName)
                session.switchUser(to: entered.user)
                // A name someone typed (--user, APP_SHELL_USER) that did not exist: say so
                // once, so that a typo does not start an empty life in silence.
                if created, chosen != nil {
                    Terminal.error("app-shell: new user '\(entered.user.name)' created (no such user before)")
                }
            } catch let error as AppError where error.code == "invalid_argument" {
                throw UsageError(message: "--user: \(error.message)")
            }
        }
        // Other people's actions reach a running app.loop()'s hooks (docs/loop.md).
        engine.addLoopSource(
            InboxWatcher(
                database: app.database, inbox: try app.container.resolve((any Inbox).self),
                timeouts: try app.container.resolveIfRegistered((any InboxTimeouts).self), clock: clock,
                user: { session.user.id }))
        return engine
    }

    /// The Lua engine over `router`, acting in `session`, with the shell's sandbox folders
    /// and the presenters of `shapes`.
    private static func makeEngine(
        _ options: ShellOptions, router: Router, shapes: [RecordShape], session: Session,
        environment: [String: String]
    ) throws -> LuaEngine {
        let root = scriptFolder(options)
        let configuration = configurationFolder(environment)
        // One interpolation rather than `joined(separator:)`, whose first use costs a start-up
        // ~0.24 M instructions of generic-conformance lookups.
        let modulePath =
            "\(root)/?.lua;\(root)/?/init.lua;\(configuration)/plugins/?.lua;\(configuration)/lua/?.lua;"
            + "\(configuration)/lua/?/init.lua"
        let engine = try LuaEngine(
            router: router, session: session,
            options: EngineOptions(
                allowIO: options.allowIO, memoryLimitBytes: options.maxMemoryMB * 1_048_576, sandboxRoot: root,
                modulePath: modulePath, configurationFolder: configuration,
                presenters: shapes.compactMap { shape in
                    shape.presenter.map { ShowPresenter($0, bytecode: shape.presenterBytecode) }
                },
                colour: Terminal.outputTakesColour))
        // Reminders come to a running app.loop() as habits.reminder events.
        engine.addLoopSource(ReminderLoopSource(session: session))
        return engine
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
        guard let text = options.now ?? environment["APP_SHELL_NOW"] else {
            let start = SystemClock(timeZone: zone).now()
            if options.clockSteps { return SteppedClock(start: start, timeZone: zone) }
            guard let speed = options.clockSpeed else { return SystemClock(timeZone: zone) }
            return try ScaledClock(start: start, rate: speed, timeZone: zone, running: false)
        }
        guard let instant = Instant(iso8601: text) else {
            throw UsageError(
                message: "--now: '\(text)' is not an ISO-8601 instant with an offset, such as 2026-11-29T08:00:00+09:00"
            )
        }
        // --now alone stands still; with --clock-speed it runs from there (from the script's
        // first line), or the loop steps it (instant).
        if options.clockSteps { return SteppedClock(start: instant, timeZone: zone) }
        guard let speed = options.clockSpeed else { return FixedClock(instant, timeZone: zone) }
        return try ScaledClock(start: instant, rate: speed, timeZone: zone, running: false)
    }

    /// The sink `--events-sink` names: an http:// (or https://) URL, else a JSON Lines file.
    static func eventSink(_ sink: String?) -> EventSinkChoice {
        guard let sink else { return EventSinkChoice(sink: nil, description: "no sink") }
        if sink.hasPrefix("http://") || sink.hasPrefix("https://") {
            return EventSinkChoice(sink: HTTPEventSink(url: sink, timeoutMilliseconds: 10_000), description: sink)
        }
        return EventSinkChoice(sink: JSONLinesEventSink(path: sink), description: sink)
    }

    /// Stores the events still buffered (the process is ending).
    static func storeBufferedEvents(_ container: Container) {
        do {
            guard let recorder = try container.resolveIfRegistered(EventRecorder.self), recorder.bufferedCount > 0,
                let database = try container.resolveIfRegistered((any Database).self)
            else { return }
            try? database.transaction {}
        } catch {
            Terminal.error("app-shell: the buffered events were not stored: \(AppError.wrapping(error).message)")
        }
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
                throw StorageError(.openFailed, message: "cannot create \(folder): \(error)")
            }
        }
        return "\(folder)/app.db"
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
