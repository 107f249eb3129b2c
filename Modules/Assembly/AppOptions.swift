import Core
import Formats
import Imaging
import Storage
import Time

/// What the composition needs to know: chosen by `app-shell`'s options, the benchmarks or a
/// test fixture, and nothing else differs between them.
public struct AppOptions: Sendable {
    /// The database file, `:memory:`, or a PostgreSQL server's `postgres://` or
    /// `postgresql://` URL.
    public var databasePath: String
    /// Seconds a connection to a PostgreSQL server waits for one that does not answer
    /// (`--connect-timeout`); nil: the URL's, `PGCONNECT_TIMEOUT`, else 5.
    public var connectTimeout: Int? = nil
    /// `--read-db URL`: a hot standby of the PostgreSQL server that read-only routes read
    /// from (`Route.readsOnly`); nil reads everything from `databasePath`.
    public var readerPath: String? = nil
    /// The app clock (a fixed one under `--now` and in tests).
    public var clock: any Clock
    /// Where `events.flush{}` sends events.
    public var eventSink: EventSinkChoice
    /// The most events kept waiting for the sink (`--events-backlog`).
    public var eventBacklog: Int
    /// The most bytes an import holds (`PortableSections.maximumBytes`): `app-shell` sets
    /// the smaller of `--max-memory` and `PortableSections.maximumFileBytes`.
    public var importBytes: Int
    /// Makes profile photos (libvips unless a test chooses otherwise).
    public var photoProcessor: any PhotoProcessing
    /// Records route calls, transactions and `trace.span`s.
    public var signposter: Signposter
    /// The modules, in the order their routes and tables are set up.
    public var plugins: [any ModulePlugin]
    /// The implementations of the plugins' repository protocols (`AppAssembly.sqlRepositories`).
    public var repositories: [any SQLRepositories]
    /// Routes beside the plugins' (the benchmarks' no-op).
    public var extraRoutes: [Route]
    /// Whether route calls pass the trace and event middleware (the benchmarks measure both ways).
    public var middleware: Bool
    /// For test harnesses only: on PostgreSQL, a superuser login may act as any user
    /// (`session(for:)`, `--user`, `app.login`), as on SQLite. A superuser bypasses
    /// row-level security anyway, so this grants nothing it does not have; for every other
    /// login it changes nothing. `app-shell` sets it from `APP_SHELL_TEST_IMPERSONATE=1`.
    public var superuserActsAsAnyone: Bool
    /// Takes the lines a start has to tell the person running it, outside any script's
    /// output (each photo file an earlier version left, moved in or not found):
    /// `app-shell` writes them to standard error; by default they are dropped.
    public var notices: @Sendable (String) -> Void

    /// The options of the app as `app-shell` runs it; change the fields that differ.
    public init(
        databasePath: String, clock: any Clock,
        eventSink: EventSinkChoice = EventSinkChoice(sink: nil, description: "no sink"),
        eventBacklog: Int = SQLEventStore.defaultCapacity, importBytes: Int = PortableSections.maximumFileBytes,
        photoProcessor: any PhotoProcessing = VipsPhotoProcessor(),
        signposter: Signposter = Signposter(), plugins: [any ModulePlugin] = AppAssembly.plugins,
        repositories: [any SQLRepositories] = AppAssembly.sqlRepositories,
        extraRoutes: [Route] = [], middleware: Bool = true, superuserActsAsAnyone: Bool = false,
        notices: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.databasePath = databasePath
        self.clock = clock
        self.eventSink = eventSink
        self.eventBacklog = eventBacklog
        self.importBytes = importBytes
        self.photoProcessor = photoProcessor
        self.signposter = signposter
        self.plugins = plugins
        self.repositories = repositories
        self.extraRoutes = extraRoutes
        self.middleware = middleware
        self.superuserActsAsAnyone = superuserActsAsAnyone
        self.notices = notices
    }
}
