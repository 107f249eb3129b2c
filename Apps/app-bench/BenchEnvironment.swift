import Assembly
import Core
import Foundation
import Scripting
import Storage
import Time

/// A real app on a temporary database file, as the benchmarks use it: the app as
/// `AppAssembly` wires it, a no-op route for the bridge's cost, a fixed clock, and a Lua engine.
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
        guard let instant = Instant(iso8601: now) else { throw AppError.internal("bad bench clock \(now)") }
        let clock = FixedClock(instant, timeZone: try TimeZoneRules.named("Asia/Seoul"))
        let app = try AppAssembly.assemble(
            AppOptions(
                databasePath: folder.appendingPathComponent("bench.db").path, clock: clock, extraRoutes: [Self.noop],
                middleware: middleware))
        guard let database = app.database as? SQLiteDatabase else {
            throw AppError.internal("the bench runs on SQLite")
        }
        self.database = database
        container = app.container
        let session = try app.session(for: "bench")
        user = session.user
        engine = try LuaEngine(router: app.router, session: session)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Runs `source` and returns its first result as a number.
    func number(_ source: String) throws -> Double {
        let values = try engine.evaluate(source, name: "=bench").get()
        guard let value = values.first?.doubleValue else { throw AppError.internal("no number from: \(source)") }
        return value
    }
}
