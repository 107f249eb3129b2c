import Core
import Foundation
import Habits
import Storage

/// The benchmarks of `make bench`: each measures our work and, where there is one, its
/// anchor on the same machine in the same run.
enum Benchmarks {
    /// A no-op route called from Lua against `string.len`, ns per call, best of 5.
    static func routeCall() throws -> BenchResult {
        let environment = try BenchEnvironment()
        let calls = 2_000_000
        let values = try environment.engine.evaluate(
            """
            local N = \(calls)
            local function best(fn, arg)
              local fastest = math.huge
              for _ = 1, 5 do
                collectgarbage(); collectgarbage()
                local started = os.clock()
                for _ = 1, N do fn(arg) end
                fastest = math.min(fastest, os.clock() - started)
              end
              return fastest / N * 1e9
            end
            return best(bench.noop), best(string.len, "")
            """, name: "=route_call"
        ).get()
        return BenchResult(
            name: "route_call", ours: values[0].doubleValue ?? .nan, anchor: values[1].doubleValue, unit: "ns",
            goal: 2000, note: "no events or trace middleware exists yet")
    }

    /// `habits.complete` from Lua, one transaction each, against the sqlite3 shell
    /// inserting the same rows one transaction each (same WAL and synchronous settings).
    static func complete() throws -> BenchResult {
        let environment = try BenchEnvironment()
        let count = 2000
        _ = try environment.number(
            """
            bench_habit = habits.create{name = "Bench", start = "2000-01-01"}.id
            bench_days = {}
            local first = os.time{year = 2000, month = 1, day = 1, hour = 12}
            for i = 0, \(count - 1) do bench_days[#bench_days + 1] = os.date("%Y-%m-%d", first + i * 86400) end
            return #bench_days
            """)
        let started = ContinuousClock.now
        _ = try environment.engine.evaluate(
            "local h, c, days = bench_habit, habits.complete, bench_days for i = 1, #days do c(h, {on = days[i]}) end",
            name: "=complete"
        ).get()
        let ours = microseconds(ContinuousClock.now - started) / Double(count)
        let anchor = try sqliteShellInsert(count: count, in: environment.folder)
        return BenchResult(name: "complete", ours: ours, anchor: anchor, unit: "µs", goal: 300, note: "")
    }

    /// `habits.stats` of a habit with ten years of daily completions, ms per call.
    static func statistics10Years() throws -> BenchResult {
        let environment = try BenchEnvironment()
        let start = try LocalDay.parse("2016-11-30")
        let habit = try fill(environment, habits: 1, days: 3652, start: start).first ?? ""
        let ms = try environment.number(
            """
            local stats, id = habits.stats, "\(habit)"
            assert(stats(id).total_completed_days >= 3650)
            local fastest = math.huge
            for _ = 1, 5 do
              local started = os.clock()
              for _ = 1, 50 do stats(id) end
              fastest = math.min(fastest, (os.clock() - started) / 50)
            end
            return fastest * 1000
            """)
        return BenchResult(name: "stats_10y", ours: ms, anchor: nil, unit: "ms", goal: 2, note: "3,652 completions")
    }

    /// `habits.overview()` over 1,000 habits with a year of completions each.
    static func overview1000() throws -> BenchResult {
        let environment = try BenchEnvironment()
        _ = try fill(environment, habits: 1000, days: 365, start: try LocalDay.parse("2025-11-30"))
        let ms = try environment.number(
            """
            assert(#habits.overview() == 1000)
            local fastest = math.huge
            for _ = 1, 5 do
              local started = os.clock()
              habits.overview()
              fastest = math.min(fastest, os.clock() - started)
            end
            return fastest * 1000
            """)
        return BenchResult(
            name: "overview_1000", ours: ms, anchor: nil, unit: "ms", goal: 200, note: "365,000 completions")
    }

    /// `app-shell --db EXISTING -e 'return 1'`, median wall time, against `lua5.4`.
    static func startup(appShell: String) throws -> BenchResult {
        let environment = try BenchEnvironment()
        let path = environment.database.path
        let ours = try medianMilliseconds(runs: 40, appShell, ["--db", path, "-e", "return 1"])
        let anchor = try? medianMilliseconds(runs: 40, "/usr/bin/lua5.4", ["-e", "return 1"])
        return BenchResult(
            name: "startup", ours: ours, anchor: anchor, unit: "ms", goal: 20,
            note: "anchor lua5.4; a FoundationEssentials hello world takes about 5 ms here")
    }

    // MARK: Helpers

    /// Inserts `habits` habits, each completed every day for `days` days from `start`,
    /// through the real repositories in one transaction; returns their ids.
    static func fill(_ environment: BenchEnvironment, habits: Int, days: Int, start: LocalDay) throws -> [String] {
        let habitRepository = SQLiteHabitRepository(database: environment.database)
        let completions = SQLiteCompletionRepository(database: environment.database)
        let now = Instant(secondsSince1970: 1_795_900_000)
        return try environment.database.transaction {
            try (0..<habits).map { index in
                let habit = try Habit.new(
                    id: Identifier.random(), ownerID: environment.user.id, name: "Habit \(index)", startDay: start,
                    at: now)
                try habitRepository.insert(habit)
                for offset in 0..<days {
                    try completions.insert(
                        Completion(
                            id: Identifier.random(), habitID: habit.id, completedOn: start.adding(days: offset),
                            recordedAt: now))
                }
                return habit.id
            }
        }
    }

    static func sqliteShellInsert(count: Int, in folder: URL) throws -> Double? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { return nil }
        let setup = """
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;
            CREATE TABLE IF NOT EXISTS c (id TEXT PRIMARY KEY NOT NULL, habit_id TEXT NOT NULL,
              completed_on TEXT NOT NULL, recorded_at INTEGER NOT NULL);
            CREATE UNIQUE INDEX IF NOT EXISTS c_day ON c (habit_id, completed_on);

            """
        var inserts = setup
        for index in 0..<count {
            inserts +=
                "BEGIN IMMEDIATE; INSERT INTO c VALUES ('\(UUID().uuidString.lowercased())', 'h', 'day-\(index)', \(index)); COMMIT;\n"
        }
        let setupFile = folder.appendingPathComponent("setup.sql")
        let insertFile = folder.appendingPathComponent("inserts.sql")
        try setup.write(to: setupFile, atomically: true, encoding: .utf8)
        try inserts.write(to: insertFile, atomically: true, encoding: .utf8)
        let base = try milliseconds(
            "/usr/bin/sqlite3", [folder.appendingPathComponent("anchor-empty.db").path], input: setupFile)
        let full = try milliseconds(
            "/usr/bin/sqlite3", [folder.appendingPathComponent("anchor.db").path], input: insertFile)
        return max(full - base, 0) * 1000 / Double(count)
    }

    /// The median wall time of `runs` starts of a process, spawned with `posix_spawn`
    /// (Foundation's `Process` adds tens of milliseconds of its own to each start).
    static func medianMilliseconds(runs: Int, _ executable: String, _ arguments: [String]) throws -> Double {
        var times: [Double] = []
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        for _ in 0..<runs { times.append(try spawnMilliseconds(executable, arguments, environment: environment)) }
        times.sort()
        return times[times.count / 2]
    }

    static func spawnMilliseconds(_ executable: String, _ arguments: [String], environment: [String]) throws -> Double {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let started = ContinuousClock.now
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else {
            throw AppError.internal("cannot start \(executable)")
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let elapsed = ContinuousClock.now - started
        guard status == 0 else { throw AppError.internal("\(executable) exited with status \(status)") }
        return microseconds(elapsed) / 1000
    }

    static func milliseconds(_ executable: String, _ arguments: [String], input: URL? = nil) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        let started = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - started
        guard process.terminationStatus == 0 else {
            throw AppError.internal(
                "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return microseconds(elapsed) / 1000
    }

    static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }
}
