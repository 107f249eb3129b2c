import BookStories
import Core
import Foundation
import Habits
import Storage
import Time

/// The benchmarks of `make bench`: each measures our work and, where there is one, its
/// anchor on the same machine in the same run.
enum Benchmarks {
    /// A no-op route called from Lua against `string.len`, ns per call, best of 5; and the
    /// overhead of the trace and events middleware (events stored in batches included).
    static func routeCall() throws -> [BenchResult] {
        let calls = 1_000_000
        let source = """
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
            """
        let with = try BenchEnvironment().engine.evaluate(source, name: "=route_call").get()
        let without = try BenchEnvironment(middleware: false).engine.evaluate(source, name: "=route_call").get()
        let ours = with[0].doubleValue ?? .nan
        let plain = without[0].doubleValue ?? .nan
        let bench = CommandLine.arguments[0]
        return [
            BenchResult(
                name: "route_call", ours: ours, anchor: with[1].doubleValue, unit: "ns",
                goal: 60 * (with[1].doubleValue ?? .nan),
                note: "trace and events middleware on; anchor string.len(\"\"); goal 60x; instructions per call",
                instructions: Instructions.perCall(bench: bench, mode: "--profile-route"),
                anchorInstructions: Instructions.perCall(bench: bench, mode: "--profile-anchor")),
            BenchResult(
                name: "middleware_overhead", ours: ours - plain, anchor: plain, unit: "ns", goal: 2000,
                note: "trace + events per call, batches stored; anchor: the same call with no middleware"),
        ]
    }

    /// `calls` no-op route calls with trace and events on, once (for a profiler), or as
    /// many calls of `string.len` (the anchor) in the same engine; returns the calls made.
    static func profileRoute(calls: Int, anchor: Bool = false) throws -> Double {
        let environment = try BenchEnvironment()
        let call = anchor ? "f(\"\")" : "f()"
        return try environment.number(
            "local f, n = \(anchor ? "string.len" : "bench.noop"), \(calls) for _ = 1, n do \(call) end return n")
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

    /// `habits.stats` of a "3 times a week" measurable habit over ten years: amounts and
    /// a completion on Monday, Wednesday and Friday, a note every tenth day, a skipped
    /// week every quarter; ms per call (score included).
    static func statistics10YearsWeekly() throws -> BenchResult {
        let environment = try BenchEnvironment()
        let start = try LocalDay.parse("2016-11-30")
        let habits = SQLHabitRepository(database: environment.database)
        let completions = SQLCompletionRepository(database: environment.database)
        let details = SQLHabitDetailsRepository(database: environment.database)
        let now = Instant(secondsSince1970: 1_795_900_000)
        let habit = try Habit.new(
            id: Identifier.random(), ownerID: environment.user.id, name: "Read", startDay: start, at: now)
        try environment.database.transaction {
            try habits.insert(habit)
            try details.insertFrequency(
                FrequencyChange(start: start, frequency: .perWeek(times: 3)), habitID: habit.id)
            try details.insertMeasure(HabitMeasure(unit: "pages", target: 20, atMost: false), habitID: habit.id)
            for offset in 0..<3652 {
                let day = start.adding(days: offset)
                if offset % 91 < 7 {
                    try details.insertSkip(day, habitID: habit.id)
                    continue
                }
                if [1, 3, 5].contains(day.weekday) {
                    try details.setAmount(Double(15 + offset % 10), on: day, habitID: habit.id, at: now)
                    if 15 + offset % 10 >= 20 {
                        try completions.insert(
                            Completion(id: Identifier.random(), habitID: habit.id, completedOn: day, recordedAt: now))
                    }
                }
                if offset % 10 == 0 {
                    try details.setNote("A note of day \(offset), 한국어 too", on: day, habitID: habit.id, at: now)
                }
            }
        }
        let ms = try environment.number(
            """
            local stats, id = habits.stats, "\(habit.id)"
            assert(stats(id).streak_unit == "week" and stats(id).score > 0)
            local fastest = math.huge
            for _ = 1, 5 do
              local started = os.clock()
              for _ = 1, 20 do stats(id) end
              fastest = math.min(fastest, (os.clock() - started) / 20)
            end
            return fastest * 1000
            """)
        return BenchResult(
            name: "stats_10y_weekly", ours: ms, anchor: nil, unit: "ms", goal: 5,
            note: "3/week, amounts on 1,565 days, 366 notes, a skipped week a quarter")
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
        let hello = try? helloWorld(in: environment.folder).map { try medianMilliseconds(runs: 40, $0, []) }
        let helloText = (hello ?? nil).map { "a FoundationEssentials hello world: \(format3($0)) ms" }
        return BenchResult(
            name: "startup", ours: ours, anchor: anchor, unit: "ms", goal: 4 * (anchor ?? .nan),
            note: "anchor lua5.4 -e 'return 1'; goal 4x; " + (helloText ?? "no swiftc for the hello-world anchor")
                + "; instructions per process",
            instructions: Instructions.count(appShell, ["--db", path, "-e", "return 1"]),
            anchorInstructions: Instructions.count("/usr/bin/lua5.4", ["-e", "return 1"]))
    }

    /// A FoundationEssentials hello world, compiled here with the toolchain (the other anchor).
    static func helloWorld(in folder: URL) throws -> String? {
        let swiftc = ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let swiftc else { return nil }
        let source = folder.appendingPathComponent("hello.swift")
        let binary = folder.appendingPathComponent("hello").path
        try "import FoundationEssentials\nprint(\"hello \\(Date().timeIntervalSince1970 > 0)\")\n".write(
            to: source, atomically: true, encoding: .utf8)
        _ = try milliseconds(swiftc, ["-O", source.path, "-o", binary])
        return binary
    }

    /// Keyword search and the first public page over 100,000 stories, creating a story with
    /// 3 quotes and 5 keywords, and the peak memory of app-shell showing that page.
    static func stories(appShell: String) throws -> [BenchResult] {
        let environment = try BenchEnvironment()
        try fillStories(environment, count: 100_000)
        let search = try environment.number(
            """
            assert(#bookstories.public{keyword = "w17"} == 10)
            local fastest = math.huge
            for _ = 1, 5 do
              local started = os.clock()
              for _ = 1, 20 do bookstories.public{keyword = "W17"} end
              fastest = math.min(fastest, (os.clock() - started) / 20)
            end
            return fastest * 1000
            """)
        let page = try environment.number(
            """
            assert(#bookstories.public{} == 10)
            local fastest = math.huge
            for _ = 1, 5 do
              local started = os.clock()
              for _ = 1, 20 do bookstories.public{} end
              fastest = math.min(fastest, (os.clock() - started) / 20)
            end
            return fastest * 1000
            """)
        let count = 500
        let started = ContinuousClock.now
        _ = try environment.engine.evaluate(
            """
            local create = bookstories.create
            for i = 1, \(count) do
              create{book = {title = "Bench " .. i, author = "Someone"},
                     quotes = {"The first quote.", {text = "The second.", page = i}, "The third one."},
                     keywords = {"k1", "k2", "k3", "k4", "x" .. i}, visibility = "public"}
            end
            """, name: "=create"
        ).get()
        let create = microseconds(ContinuousClock.now - started) / Double(count)
        let path = environment.database.path
        let ours = try peakMemoryMB(appShell, ["--db", path, "-e", "bookstories.public{}"])
        let idle = try? peakMemoryMB("/usr/bin/lua5.4", ["-e", "local x = 1"])
        return [
            BenchResult(
                name: "story_search", ours: search, anchor: nil, unit: "ms", goal: 5,
                note: "keyword matching 1/200 of 100,000 stories"),
            BenchResult(name: "story_public_page", ours: page, anchor: nil, unit: "ms", goal: 5, note: "page 1"),
            BenchResult(
                name: "story_create", ours: create, anchor: nil, unit: "µs", goal: 500, note: "3 quotes, 5 keywords"),
            BenchResult(
                name: "repl_memory", ours: ours, anchor: idle, unit: "MB", goal: 40,
                note: "peak RSS of app-shell -e 'bookstories.public{}'; anchor lua5.4 idle"),
        ]
    }

    /// Card and thumbnail of a 12-megapixel JPEG as a whole `app-shell` process, against two
    /// `vipsthumbnail` processes making the same two files, and ImageMagick's `convert`.
    static func photo(appShell: String) throws -> [BenchResult] {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/vips") else {
            throw AppError.internal("libvips-tools is not installed")
        }
        let environment = try BenchEnvironment()
        let folder = environment.folder.path
        let source = "\(folder)/photo.jpg"
        _ = try milliseconds("/usr/bin/vips", ["gaussnoise", "\(folder)/noise.v", "4032", "3024"])
        _ = try milliseconds("/usr/bin/vips", ["cast", "\(folder)/noise.v", "\(folder)/u8.v", "uchar"])
        _ = try milliseconds("/usr/bin/vips", ["jpegsave", "\(folder)/u8.v", source, "--Q", "90"])
        _ = try environment.number(
            """
            profiles.save{nickname = "Bench", dog = {name = "Bori", age = 3, sex = "female", size = "small",
              keywords = {"friendly"}}}
            return 1
            """)
        let user = environment.user.name
        let database = environment.database.path
        let ours = try medianMilliseconds(
            runs: 7, appShell, ["--db", database, "--user", user, "-e", "profiles.set_photo('\(source)')"])
        let peak = try peakMemoryMB(
            appShell, ["--db", database, "--user", user, "-e", "profiles.set_photo('\(source)')"])
        let vipsPair = try medianPair(
            runs: 7, "/usr/bin/vipsthumbnail",
            [source, "--size", "392x591", "--smartcrop", "centre", "-o", "\(folder)/v-card.jpg[Q=85,strip]"],
            [source, "--size", "100x100", "--smartcrop", "centre", "-o", "\(folder)/v-thumb.jpg[Q=85,strip]"])
        var results = [
            BenchResult(
                name: "photo", ours: ours, anchor: vipsPair, unit: "ms", goal: 0.6 * vipsPair,
                note: "4032x3024 JPEG, card + thumbnail, whole process; anchor: two vipsthumbnail processes (goal 0.6x)"
            ),
            BenchResult(
                name: "photo_memory", ours: peak, anchor: nil, unit: "MB", goal: 100, note: "peak RSS of that process"),
        ]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") {
            let magick = try medianPair(
                runs: 3, "/usr/bin/convert",
                [
                    source, "-thumbnail", "392x591^", "-gravity", "center", "-extent", "392x591", "-strip",
                    "\(folder)/m-card.jpg",
                ],
                [
                    source, "-thumbnail", "100x100^", "-gravity", "center", "-extent", "100x100", "-strip",
                    "\(folder)/m-thumb.jpg",
                ])
            results.append(
                BenchResult(
                    name: "photo_vs_convert", ours: ours, anchor: magick, unit: "ms", goal: magick,
                    note: "anchor: ImageMagick convert -thumbnail, the same pair"))
        }
        return results
    }

    /// The median of `runs` timings of two processes run one after the other.
    static func medianPair(runs: Int, _ executable: String, _ first: [String], _ second: [String]) throws -> Double {
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(
                try spawnMilliseconds(executable, first, environment: environment)
                    + spawnMilliseconds(executable, second, environment: environment))
        }
        times.sort()
        return times[times.count / 2]
    }

    // MARK: Helpers

    /// 100 authors, `count` stories with 3 quotes and 5 of 200 keywords each, half public,
    /// written through the real repository in one transaction.
    static func fillStories(_ environment: BenchEnvironment, count: Int) throws {
        let accounts = try environment.container.resolve(UserAccounts.self)
        let authors = try (0..<100).map { try accounts.signIn(name: "author\($0)").id }
        let stories = SQLStoryRepository(database: environment.database)
        let start = Instant(secondsSince1970: 1_700_000_000)
        try environment.database.transaction {
            for index in 0..<count {
                let at = start.adding(seconds: index * 60)
                let story = try Story(
                    id: Identifier.random(), authorID: authors[index % authors.count],
                    book: try Book(title: "Book \(index % 5000)", author: "Author \(index % 700)"),
                    quotes: [
                        try Quote(text: "A line from page \(index % 300)", page: index % 300 + 1),
                        try Quote(text: "Another line, a little longer than the first one."), try Quote(text: "짧은 문장"),
                    ],
                    content: index % 3 == 0 ? "Some thoughts about it." : nil,
                    keywords: (0..<5).map { "w\((index * 7 + $0 * 41) % 200)" }, themeIDs: [],
                    visibility: index % 2 == 0 ? .public : .private, createdAt: at, updatedAt: at)
                try stories.insert(story)
            }
        }
    }

    /// The peak resident memory of a whole process, in MB, as GNU time measures it. (A
    /// child spawned from this process would inherit this process's high-water mark at
    /// exec, and this process holds 100,000 stories.)
    static func peakMemoryMB(_ executable: String, _ arguments: [String]) throws -> Double {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try milliseconds("/usr/bin/time", ["-f", "%M", "-o", output.path, executable] + arguments)
        let text = try String(contentsOf: output, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let kilobytes = Double(text.split(separator: "\n").last.map(String.init) ?? "") else {
            throw AppError.internal("GNU time printed '\(text)'")
        }
        return kilobytes / 1024
    }

    /// Inserts `habits` habits, each completed every day for `days` days from `start`,
    /// through the real repositories in one transaction; returns their ids.
    static func fill(_ environment: BenchEnvironment, habits: Int, days: Int, start: LocalDay) throws -> [String] {
        let habitRepository = SQLHabitRepository(database: environment.database)
        let completions = SQLCompletionRepository(database: environment.database)
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
        return median(times)
    }

    /// The middle value of `values` (the upper of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
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
