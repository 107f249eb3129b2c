import Core
import Dispatch
import Storage
import Synchronization
import Testing
import Time

@testable import Scripting

/// A real engine over a real in-memory database, with a fixed clock and zone, plus a few
/// test routes that echo, take options, fail, and live in a nested namespace.
struct EngineFixture {
    static let now = Instant(iso8601: "2026-11-29T08:00:00+09:00")

    let engine: LuaEngine
    let signposter = Signposter()

    init(options: EngineOptions = EngineOptions(), now: Instant? = nil, zone: TimeZoneRules? = nil) throws {
        let now = try #require(now ?? Self.now)
        let clock = FixedClock(now, timeZone: try zone ?? TimeZoneRules.named("Asia/Seoul"))
        let database = try SQLiteDatabase(path: ":memory:")
        try Migrator(database: database).migrate([CoreSchema.migratorModule])
        let container = Container()
        container.register((any Database).self, instance: database)
        container.register((any TransactionRunner).self, instance: database)
        container.register((any Clock).self, instance: clock)
        container.register((any UserRepository).self) { resolver in
            SQLUserRepository(database: try resolver.resolve((any Database).self))
        }
        container.register(Signposter.self, instance: signposter)
        let app = AppPlugin()
        app.register(in: container)
        let router = try Router(
            routes: app.routes() + TracePlugin().routes() + Self.testRoutes,
            middleware: [TraceMiddleware(signposter: signposter)])
        let user = try container.resolve(UserAccounts.self).signIn(name: "tester")
        engine = try LuaEngine(
            router: router, session: Session(user: user, clock: clock, container: container), options: options)
    }

    /// Runs `source` and returns its results, or the failure.
    func evaluate(_ source: String) -> Result<[Value], ScriptFailure> {
        engine.evaluate(source, name: "=test")
    }

    /// Runs `source` and returns its results; a failure fails the test.
    func values(_ source: String) throws -> [Value] {
        try evaluate(source).get()
    }

    static let testRoutes: [Route] = [
        Route(
            "test.echo", summary: "Returns its argument.",
            parameters: [.positional("value", .any, "Anything.", required: false)],
            returns: "any", example: "test.echo(1)"
        ) { arguments, _ in arguments["value"] },
        Route(
            "test.options", summary: "Returns what it was given.",
            parameters: [
                .positional("ref", .string, "A name."), .option("count", .integer, "How many."),
                .option("on", .day, "A day."),
            ],
            returns: "table", errors: ["test.failed"], example: #"test.options("a", {count = 2})"#
        ) { arguments, _ in
            .table(Record([("ref", arguments["ref"]), ("count", arguments["count"]), ("on", arguments["on"])]))
        },
        Route("test.fail", summary: "Always fails.", returns: "nil", errors: ["test.failed"], example: "test.fail()") {
            _, _ in
            throw AppError(code: "test.failed", message: "it failed on purpose", field: "thing")
        },
        Route("test.bytes", summary: "Returns bytes that are not UTF-8.", returns: "string", example: "test.bytes()") {
            _, _ in .bytes([0xFF, 0xD8, 0xFF, 0x00, 0xE0, 0x80])
        },
        Route(
            "test.sub.deep", summary: "Lives in a nested table, and only reads.", returns: "string",
            example: "test.sub.deep()", readsOnly: true
        ) { _, context in .string(context.user.name) },
        Route(
            "test.wait", summary: "Waits as a statement on a server does, until cancelled (10 s at most).",
            returns: "boolean", example: "test.wait()"
        ) { _, _ in
            let cancelled = DispatchSemaphore(value: 0)
            let ended = BlockingWaits.shared.during({
                EngineFixture.waitsCancelled.withLock { $0 += 1 }
                cancelled.signal()
            }) {
                EngineFixture.waitStarted.signal()
                return cancelled.wait(timeout: .now() + 10) == .success
            }
            return .bool(ended)
        },
    ]

    /// How many `test.wait` calls were cancelled, over every fixture.
    static let waitsCancelled = Mutex(0)
    /// Signalled each time a `test.wait` call starts waiting.
    static let waitStarted = DispatchSemaphore(value: 0)
}
