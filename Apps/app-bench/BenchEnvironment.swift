import BookStories
import Core
import Foundation
import Habits
import Imaging
import Profiles
import Scripting
import Storage

/// A real app on a temporary database file, as the benchmarks use it: the plugins, a
/// no-op route for the bridge's cost, a fixed clock, and a Lua engine.
final class BenchEnvironment {
    let folder: URL
    let database: SQLiteDatabase
    let container: Container
    let engine: LuaEngine
    let user: User

    static let noop = Route("bench.noop", summary: "Does nothing.", returns: "nil", example: "bench.noop()") { _, _ in
        .null
    }

    init(now: String = "2026-11-29T08:00:00+09:00", middleware: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let signposter = Signposter()
        database = try SQLiteDatabase(path: folder.appendingPathComponent("bench.db").path, signposter: signposter)
        let plugins: [any ModulePlugin] = [
            AppPlugin(), TracePlugin(), EventsPlugin(), HabitsPlugin(), BookStoriesPlugin(), ProfilesPlugin(),
        ]
        try StorageAssembly.migrate(database, plugins: plugins)
        guard let instant = Instant(iso8601: now) else { throw AppError.internal("bad bench clock \(now)") }
        let clock = FixedClock(instant, timeZone: try TimeZoneRules.named("Asia/Seoul"))
        container = Container()
        let recorder = StorageAssembly.register(
            database, in: container,
            repositories: [HabitsSQLRepositories(), BookStoriesSQLRepositories(), ProfilesSQLRepositories()])
        container.register((any Clock).self, instance: clock)
        container.register(Signposter.self, instance: signposter)
        container.register(EventSinkChoice.self, instance: EventSinkChoice(sink: nil, description: "no sink"))
        container.register((any PhotoProcessing).self, instance: VipsPhotoProcessor())
        let photos = folder.appendingPathComponent("photos").path
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        container.register(PhotoFolder.self, instance: PhotoFolder(path: photos))
        for plugin in plugins { plugin.register(in: container) }
        let stack: [any Middleware] = [
            TraceMiddleware(signposter: signposter),
            EventMiddleware(recorder: recorder, storeBatch: { [database] in try? database.transaction {} }),
        ]
        let router = try Router(
            routes: plugins.flatMap { $0.routes() } + [Self.noop], middleware: middleware ? stack : [])
        user = try container.resolve(UserAccounts.self).signIn(name: "bench")
        engine = try LuaEngine(router: router, session: Session(user: user, clock: clock, container: container))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Runs `source` and returns its first result as a number.
    func number(_ source: String) throws -> Double {
        let values = try engine.evaluate(source, name: "=bench").get()
        guard let value = values.first?.doubleValue else { throw AppError.internal("no number from: \(source)") }
        return value
    }
}
