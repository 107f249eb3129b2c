import Assembly
import BookStories
import Core
import Foundation
import Scripting
import Storage
import Time

/// The benchmarks on PostgreSQL, beside PostgreSQL's own tools on the same server: start-up
/// with a connection against `psql -c 'select 1'`, `habits.complete` against `pgbench`
/// running one equivalent INSERT per transaction, and a page of public stories with its
/// round trips. Each runs in a schema of its own, dropped afterwards.
enum PostgresBenchmarks {
    /// The server: `APP_SHELL_BENCH_POSTGRES`, else the test server (`make bench` starts a
    /// throwaway cluster when neither is set and PostgreSQL 15 is installed).
    static var server: String? {
        for name in ["APP_SHELL_BENCH_POSTGRES", DatabaseBackend.testServerVariable] {
            if let value = ProcessInfo.processInfo.environment[name], !value.isEmpty { return value }
        }
        return nil
    }

    /// PostgreSQL's own client tools, not Debian's Perl wrapper in /usr/bin (which adds its
    /// own start-up to every run).
    static let tools = "/usr/lib/postgresql/15/bin"

    /// A new schema on `server`, and a URL whose connections use it first.
    final class Schema {
        let server: String
        let name: String
        let url: String

        init(server: String) throws {
            self.server = server
            name = "bench_" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            let connection = try PostgresConnection(server)
            defer { connection.close() }
            try connection.executeScript("CREATE SCHEMA \(name)")
            url = PostgresDatabase.scratchURL(server: server, schema: name)
        }

        /// One value of the server's configuration (`SHOW`).
        func setting(_ name: String) -> String {
            guard let connection = try? PostgresConnection(server) else { return "?" }
            defer { connection.close() }
            return (try? connection.queryOne("SELECT current_setting($1)", [.text(name)]) { try $0.string(0) })
                .flatMap { $0 } ?? "?"
        }

        deinit { PostgresDatabase.dropScratchSchema(server: server, schema: name) }
    }

    /// The app on `schema` with a fixed clock, a Lua engine and the database to count round trips on.
    final class Environment {
        let database: PostgresDatabase
        let container: Container
        let engine: LuaEngine

        init(url: String) throws {
            guard let instant = Instant(iso8601: "2026-11-29T08:00:00+09:00") else {
                throw AppError.internal("bad bench clock")
            }
            let clock = FixedClock(instant, timeZone: try TimeZoneRules.named("Asia/Seoul"))
            let app = try AppAssembly.assemble(AppOptions(databasePath: url, clock: clock))
            guard let database = app.database as? PostgresDatabase else {
                throw AppError.internal("the PostgreSQL bench runs on PostgreSQL")
            }
            self.database = database
            container = app.container
            // On a server the acting user is the login (the cluster's superuser here).
            engine = try LuaEngine(router: app.router, session: try app.loginSession() ?? app.session(for: "bench"))
        }

        func number(_ source: String) throws -> Double {
            let values = try engine.evaluate(source, name: "=bench").get()
            guard let value = values.first?.doubleValue else { throw AppError.internal("no number from: \(source)") }
            return value
        }
    }

    /// The names `all` can run, for `app-bench --only`.
    static let names: Set<String> = ["pg_startup", "pg_complete", "pg_story_page"]

    /// Every PostgreSQL figure (or those of `only`), or why there is none.
    static func all(appShell: String, only: Set<String>? = nil) throws -> [BenchResult] {
        guard let server else {
            throw AppError.internal("no server: set APP_SHELL_BENCH_POSTGRES (make bench starts one)")
        }
        let schema = try Schema(server: server)
        let fsync = "fsync=\(schema.setting("fsync")), synchronous_commit=\(schema.setting("synchronous_commit"))"
        let wanted = { (name: String) in only?.contains(name) ?? true }
        var results: [BenchResult] = []
        if wanted("pg_startup") { results.append(try startup(appShell: appShell, schema: schema)) }
        if wanted("pg_complete") { results += try complete(schema: schema, fsync: fsync) }
        if wanted("pg_story_page") { results += try storyPage(schema: schema) }
        return results
    }

    /// `app-shell --db URL -e 'return 1'` on a migrated schema (connecting, checking the
    /// schema, signing in, storing the run's events) against `psql -X -c 'select 1'`, median
    /// wall time of 40 each, over TCP with a password, the same for both. The runs take
    /// turns, one of each at a time: 40 of one and then 40 of the other put the machine's
    /// drift between them (the ratio of one `make bench` ranged 0.96-1.26 that way).
    static func startup(appShell: String, schema: Schema) throws -> BenchResult {
        _ = try Benchmarks.milliseconds(appShell, ["--db", schema.url, "-e", "return 1"])  // migrates
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var ourTimes: [Double] = []
        var psqlTimes: [Double] = []
        for _ in 0..<40 {
            ourTimes.append(
                try Benchmarks.spawnMilliseconds(
                    appShell, ["--db", schema.url, "-e", "return 1"], environment: environment))
            psqlTimes.append(
                try Benchmarks.spawnMilliseconds(
                    "\(tools)/psql", ["-X", "-q", "-d", schema.url, "-c", "select 1"], environment: environment))
        }
        let ours = Benchmarks.median(ourTimes)
        let psql = Benchmarks.median(psqlTimes)
        return BenchResult(
            name: "pg_startup", ours: ours, anchor: psql, unit: "ms", goal: 1.3 * psql,
            note: "PostgreSQL, TCP + password, 40 runs each in turns; anchor: psql -X -c 'select 1' (\(tools)/psql); "
                + "goal 1.3x")
    }

    /// `habits.complete` from Lua, one transaction each, against `pgbench -n -M prepared`
    /// running one INSERT of the same row shape per transaction on the same server. The two
    /// take turns, 4 rounds of 500 transactions each (who goes first alternates), so both
    /// sample the same minutes of the server's disk: run one after the other, the anchor's
    /// own fsync wait moved between 220 and 340 µs from one run to the next.
    static func complete(schema: Schema, fsync: String) throws -> [BenchResult] {
        let environment = try Environment(url: schema.url)
        let rounds = 4, perRound = 500, count = rounds * perRound
        _ = try environment.number(
            """
            bench_habit = habits.create{name = "Bench", start = "2000-01-01"}.id
            bench_days = {}
            local first = os.time{year = 2000, month = 1, day = 1, hour = 12}
            for i = 0, \(count) do bench_days[#bench_days + 1] = os.date("%Y-%m-%d", first + i * 86400) end
            habits.complete(bench_habit, {on = bench_days[1]})
            return #bench_days
            """)
        try prepareAnchor(schema: schema)
        let trips = environment.database.roundTrips
        var ours = Duration.zero
        var anchors: [Double] = []
        for round in 0..<rounds {
            let first = 2 + round * perRound
            let block = {
                let started = ContinuousClock.now
                _ = try environment.engine.evaluate(
                    "local h, c, days = bench_habit, habits.complete, bench_days "
                        + "for i = \(first), \(first + perRound - 1) do c(h, {on = days[i]}) end",
                    name: "=complete"
                ).get()
                ours += ContinuousClock.now - started
            }
            if round % 2 == 0 {
                try block()
                anchors.append(try pgbench(schema: schema, transactions: perRound))
            } else {
                anchors.append(try pgbench(schema: schema, transactions: perRound))
                try block()
            }
        }
        let calls = Double(rounds * perRound)
        let perCall = Double(environment.database.roundTrips - trips) / calls
        let anchor = anchors.reduce(0, +) / Double(anchors.count)
        return [
            BenchResult(
                name: "pg_complete", ours: Benchmarks.microseconds(ours) / calls, anchor: anchor, unit: "µs",
                goal: 1.5 * anchor,
                note: "PostgreSQL, \(fsync); \(format3(perCall)) round trips a call; anchor: pgbench -n -M prepared, "
                    + "one INSERT per transaction; \(rounds) rounds of \(perRound) each in turns; goal 1.5x")
        ]
    }

    /// The anchor's table: a UUID key, the habit, a day, an instant; unique on habit and
    /// day, as completions are.
    static func prepareAnchor(schema: Schema) throws {
        let connection = try PostgresConnection(schema.url)
        defer { connection.close() }
        try connection.executeScript(
            """
            CREATE TABLE bench_c (id text PRIMARY KEY, habit_id text NOT NULL, completed_on text NOT NULL,
                recorded_at bigint NOT NULL);
            CREATE UNIQUE INDEX bench_c_day ON bench_c (habit_id, completed_on);
            CREATE SEQUENCE bench_n;
            """)
    }

    /// pgbench's average latency, in µs, of `transactions` transactions of one INSERT each
    /// into the table `prepareAnchor` made.
    static func pgbench(schema: Schema, transactions: Int) throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pgbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("insert.sql")
        try """
        INSERT INTO bench_c SELECT gen_random_uuid()::text, 'h', 'day-' || n, n FROM nextval('bench_n') AS n;

        """.write(to: script, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(tools)/pgbench")
        process.arguments = ["-n", "-M", "prepared", "-c", "1", "-t", "\(transactions)", "-f", script.path, schema.url]
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: output, encoding: .utf8)
        guard process.terminationStatus == 0,
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("latency average") }),
            let milliseconds = line.split(separator: " ").compactMap({ Double($0) }).first
        else { throw AppError.internal("pgbench failed: \(text.suffix(300))") }
        return milliseconds * 1000
    }

    /// `bookstories.public{}` (page 1, 10 stories) over 5,000 stories, ms per call, and the
    /// round trips one page takes (at most two: the page's rows, then its stories in one batch).
    static func storyPage(schema: Schema) throws -> [BenchResult] {
        let environment = try Environment(url: schema.url)
        let accounts = try environment.container.resolve(UserAccounts.self)
        let authors = try (0..<20).map { try accounts.signIn(name: "author\($0)").id }
        let stories = SQLStoryRepository(database: environment.database)
        let start = Instant(secondsSince1970: 1_700_000_000)
        try environment.database.transaction {
            for index in 0..<5000 {
                let at = start.adding(seconds: index * 60)
                try stories.insert(
                    try Story(
                        id: Identifier.random(), authorID: authors[index % authors.count],
                        book: try Book(title: "Book \(index % 500)", author: "Author \(index % 70)"),
                        quotes: [try Quote(text: "A line from page \(index % 300)"), try Quote(text: "짧은 문장")],
                        content: nil, keywords: (0..<3).map { "w\((index * 7 + $0 * 41) % 200)" }, themeIDs: [],
                        visibility: index % 2 == 0 ? .public : .private, createdAt: at, updatedAt: at))
            }
        }
        _ = try environment.number("assert(#bookstories.public{} == 10) return 1")
        let trips = environment.database.roundTrips
        _ = try environment.number("bookstories.public{} return 1")
        let pageTrips = Double(environment.database.roundTrips - trips)
        // Wall time: most of it is the server's and the wire's, which os.clock does not see.
        var fastest = Double.infinity
        for _ in 0..<5 {
            let started = ContinuousClock.now
            _ = try environment.engine.evaluate("for _ = 1, 20 do bookstories.public{} end", name: "=page").get()
            fastest = min(fastest, Benchmarks.microseconds(ContinuousClock.now - started) / 20 / 1000)
        }
        let ms = fastest
        return [
            BenchResult(
                name: "pg_story_page", ours: ms, anchor: nil, unit: "ms", goal: 5,
                note: "PostgreSQL, page 1 of 2,500 public stories, wall time"),
            BenchResult(
                name: "pg_story_page_trips", ours: pageTrips, anchor: nil, unit: "trips", goal: 2.5,
                note: "round trips of one page: at most 2"),
        ]
    }
}
