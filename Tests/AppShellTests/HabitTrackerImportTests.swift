import Core
import FoundationEssentials
import Habits
import Storage
import Testing

@testable import AppShell

#if canImport(Glibc)
    import Glibc
#endif

/// Loop Habit Tracker's backups (two schemas) and CSV export (folder and zip), and
/// HabitBull's CSV, written by hand from their documented layouts (Tests/Fixtures/import,
/// the backups by make-loop-fixtures.sh with the sqlite3 shell), taken in through
/// `app.import` with the format recognised from the content; a second import adds nothing.
@Suite struct HabitTrackerImportTests {
    typealias App = RouteReturnShapeTests.App

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/import")

    static func path(_ name: String) -> Value { .string(fixtures.appendingPathComponent(name).path) }

    /// The exported habits of "me", by name.
    static func habits(_ app: App) throws -> [String: Value] {
        var found: [String: Value] = [:]
        for habit in try app.call("app.export")["sections"]["habits"]["habits"].arrayValue ?? [] {
            found[habit["name"].stringValue ?? ""] = habit
        }
        return found
    }

    static func days(_ list: Value, _ key: String = "day") -> [String] {
        (list.arrayValue ?? []).compactMap { $0[key].stringValue ?? $0.stringValue }
    }

    static func lines(_ report: Value) -> [String] {
        report["not_representable"].arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The backup of Loop 2 and its CSV export hold the same habits and give the same result.
    @Test(arguments: ["loop-v25.db", "loop-csv", "loop-csv.zip"])
    func aLoopBackupOrCSVExportBecomesHabitsWithTheirDays(name: String) throws {
        let app = try App()
        let report = try app.call("app.import", ["path": Self.path(name)])
        #expect(report["format"] == "loop")
        #expect(report["added"]["habits"] == 5)
        // YES_MANUAL only: Run 2, Run (2) 1, water 1 (8 of 8 glasses; 5.5 is short), Gym 2, Read 1.
        #expect(report["added"]["completions"] == 7)
        #expect(report["added"]["skips"] == 1)
        #expect(report["added"]["amounts"] == 2)
        #expect(report["added"]["notes"] == 2)
        let habits = try Self.habits(app)
        #expect(Set(habits.keys) == ["Run", "Run (2)", "물 마시기 💧", "Gym", "📚 Read"])
        let run = try #require(habits["Run"])
        // Ids are UUIDs like every habit's, so routes find a habit by its id.
        let id = try #require(run["id"].stringValue)
        #expect(Identifier.looksLikeIdentifier(id))
        #expect(try app.call("habits.get", ["ref": .string(id)])["name"] == "Run")
        #expect(run["start_day"] == "2026-11-20")
        #expect(Self.days(run["completions"]) == ["2026-11-20", "2026-11-24"])
        #expect(run["skips"] == ["2026-11-22"])
        #expect(run["notes"].arrayValue?.first?["text"] == "비 옴 ☔, ran indoors")
        #expect(
            habits["Run (2)"]?["frequencies"] == [
                ["start_day": "2026-11-25", "frequency": ["times": 3, "per": "week"]]
            ])
        let water = try #require(habits["물 마시기 💧"])
        #expect(water["measure"] == ["unit": "잔", "target": 8.0, "at_most": false])
        #expect(water["amounts"].arrayValue?.map { $0["total"] } == [8.0, 5.5])
        #expect(Self.days(water["completions"]) == ["2026-11-20"])
        let gym = try #require(habits["Gym"])
        #expect(gym["periods"] == [["start_day": "2026-10-01", "end_day": "2026-10-15"]])
        #expect(gym["frequencies"].arrayValue?.first?["frequency"] == ["times": 2, "per": "month"])
        let lines = Self.lines(report)
        #expect(lines.contains("Loop habit 2 (Run): another habit has that name; named Run (2)"))
        #expect(lines.contains { $0.contains("YES_AUTO") })
        #expect(lines.contains { $0.hasPrefix("Loop habit 5 (📚 Read): its description is not kept") })
        if name == "loop-v25.db" {
            #expect(lines.contains("Loop habit 1: 1 days after today (2026-11-29) left out"))
            // Loop's reminder (every day) becomes a reminder of the habit.
            #expect(report["added"]["reminders"] == 1)
            #expect(!lines.contains { $0.contains("reminder") })
            #expect(
                try app.call("habits.reminders").arrayValue?.map {
                    "\($0["name"].stringValue ?? "") \($0["time"].stringValue ?? "")"
                }
                    == ["Run 07:30"])
            #expect(lines.contains { $0.hasPrefix("1 repetitions name no habit") })
        }

        // The same file again adds nothing.
        let before = try app.call("app.export")["sections"]["habits"]
        let again = try app.call("app.import", ["path": Self.path(name)])
        #expect(again["added"] == .table(Record()))
        #expect(again["skipped"]["habits"] == 5)
        let skippedReminders: Value = name == "loop-v25.db" ? 1 : .null
        #expect(again["skipped"]["reminders"] == skippedReminders)
        #expect(try app.call("app.export")["sections"]["habits"] == before)
    }

    /// Loop 1's schema: repetitions without a value are checks; the caches are passed over.
    @Test func anOlderLoopBackupIsReadToo() throws {
        let app = try App()
        let report = try app.call("app.import", ["path": Self.path("loop-v15.db"), "from": "loop"])
        #expect(report["added"] == ["habits": 2, "completions": 3])
        let habits = try Self.habits(app)
        #expect(Self.days(habits["Stretch"]?["completions"] ?? .null) == ["2026-11-10", "2026-11-11"])
        #expect(habits["명상 🧘"]?["frequencies"].arrayValue?.first?["frequency"] == ["times": 2, "per": "week"])
    }

    @Test func aHabitBullFileBecomesHabitsWithNotesAndAmounts() throws {
        let app = try App()
        let report = try app.call("app.import", ["path": Self.path("habitbull.csv")])
        #expect(report["format"] == "habitbull")
        #expect(report["added"]["habits"] == 2)
        let habits = try Self.habits(app)
        let floss = try #require(habits["Floss"])
        #expect(Self.days(floss["completions"]) == ["2026-11-20", "2026-11-22"])
        #expect(Self.days(floss["notes"]) == ["2026-11-21", "2026-11-22"])
        let pushUps = try #require(habits["팔굽혀펴기 💪"])
        #expect(pushUps["measure"] == ["unit": "times", "target": 1.0, "at_most": false])
        #expect(pushUps["amounts"].arrayValue?.map { $0["total"] } == [30.0, 1.0])
        #expect(pushUps["notes"].arrayValue?.first?["text"] == "아침에\n두 번 나눠서")
        let lines = Self.lines(report)
        #expect(lines.contains("1 rows without a readable date or value; left out"))
        #expect(lines.contains { $0.hasPrefix("HabitBull habit 1 (Floss): its description is not kept") })
        let again = try app.call("app.import", ["path": Self.path("habitbull.csv")])
        #expect(again["added"] == .table(Record()))
    }

    /// Two rows for one day of a habit, and bytes that are not UTF-8, are said in the report:
    /// the last row of a day is kept, and the bad bytes are read as U+FFFD.
    @Test func aRepeatedDayAndBytesNotUTF8AreReported() throws {
        let app = try App()
        let path = "\(FileManager.default.temporaryDirectory.path)/habitbull-\(Identifier.random()).csv"
        defer { unlink(path) }
        let bytes =
            Array("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n".utf8)
            + Array("Floss,,,2026-11-20,1,first\nFloss,,,2026-11-20,0,second\nRead ".utf8) + [0xFF, 0xC3]
            + Array(",,,2026-11-21,1,\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let report = try app.call("app.import", ["path": .string(path), "from": "habitbull"])
        let lines = Self.lines(report)
        #expect(lines.contains("1 row gives a day its habit had already; the last row of each day is kept"))
        #expect(lines.contains("the HabitBull file: 2 sequences are not UTF-8, read as \u{FFFD} (U+FFFD)"))
        let habits = try Self.habits(app)
        #expect(Self.days(habits["Floss"]?["completions"] ?? .null) == [])
        #expect(habits["Floss"]?["notes"].arrayValue?.first?["text"] == "second")
        #expect(habits["Read \u{FFFD}\u{FFFD}"] != nil)
    }

    /// An active habit of the user with a Loop habit's name: the Loop one gets " (2)".
    @Test func aNameTheUserHasAlreadyGetsANumber() throws {
        let app = try App()
        try app.call("habits.create", ["name": "Gym", "start": "2026-11-01"])
        try app.call("habits.create", ["name": "run", "start": "2026-11-01"])
        let report = try app.call("app.import", ["path": Self.path("loop-csv")])
        let names = Set(try Self.habits(app).keys)
        #expect(names.isSuperset(of: ["run", "Run (2)", "Run (3)", "Gym"]))
        // Gym is archived in Loop, and archived habits may share a name.
        #expect(names.count == 6)
        #expect(Self.lines(report).contains("Loop habit 1 (Run): another habit has that name; named Run (2)"))
    }

    /// Hostile input: broken archives and databases, bad rows; nothing is written then.
    @Test(arguments: [
        ("broken.zip", [0x50, 0x4B, 0x03, 0x04, 1, 2, 3] as [UInt8], "invalid_argument"),
        ("other.db", Array("SQLite format 3\u{0}".utf8) + Array(repeating: 0, count: 200), "invalid_argument"),
        (
            "open.csv", Array("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nA,\"open".utf8),
            "invalid_argument"
        ),
    ])
    func aBrokenFileIsRefusedAndChangesNothing(name: String, bytes: [UInt8], code: String) throws {
        let app = try App()
        let path = "\(app.folder)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AppError.self) { try app.call("app.import", ["path": .string(path)]) }
        #expect(error?.code == code)
        #expect(try app.call("app.export")["sections"]["habits"]["habits"] == .array([]))
    }

    /// Loop's reminders: a time every day becomes a reminder; a reminder on some weekdays
    /// only comes here on every day the habit is due, and the result says so; an hour that
    /// is no time of day is left out and reported.
    @Test func loopsRemindersBecomeReminders() throws {
        let app = try App()
        let path = "\(app.folder)/reminders.db"
        let database = try SQLiteDatabase(path: path)
        try database.executeScript(
            """
            CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, freq_num INTEGER, freq_den INTEGER,
              position INTEGER, reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127);
            CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER);
            INSERT INTO Habits VALUES (1, '치실 🦷', 1, 1, 0, 21, 5, 127), (2, 'Gym', 3, 7, 1, 6, 0, 21),
              (3, 'Odd', 1, 1, 2, 25, 0, 127), (4, 'None', 1, 1, 3, NULL, NULL, 127);
            PRAGMA journal_mode = DELETE;
            """)
        database.close()
        let report = try app.call("app.import", ["path": .string(path)])
        #expect(report["added"]["reminders"] == 2)
        let reminders = try app.call("habits.reminders").arrayValue?.map {
            "\($0["time"].stringValue ?? "") \($0["name"].stringValue ?? "")"
        }
        #expect(reminders == ["06:00 Gym", "21:05 치실 🦷"])
        let lines = Self.lines(report)
        #expect(
            lines.contains { $0.hasPrefix("Loop habit 2 (Gym): its reminder at 06:00 comes on some weekdays only") })
        #expect(lines.contains("Loop habit 3 (Odd): its reminder at 25:0 is no time of day; left out"))
        let again = try app.call("app.import", ["path": .string(path)])
        #expect(again["skipped"]["reminders"] == 2)
    }

    /// A SQLite file that is not Loop's says so.
    @Test func aSQLiteFileOfAnotherAppIsNotTakenForLoop() throws {
        let app = try App()
        let path = "\(app.folder)/notes.db"
        let database = try SQLiteDatabase(path: path)
        try database.executeScript(
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); PRAGMA journal_mode = DELETE;")
        database.close()
        let error = #expect(throws: AppError.self) { try app.call("app.import", ["path": .string(path)]) }
        #expect(error?.code == "import.unknown_format")
    }

    /// Loop's CSV layout written back (`--export-loop`) is read in again as the same habits.
    @Test func habitsWrittenInLoopsLayoutAreReadBackTheSame() throws {
        let source = try App()
        try source.call("app.import", ["path": Self.path("loop-v25.db")])
        let section = try source.call("app.export")["sections"]["habits"]
        let files = LoopCSVExport.files(fromSection: section)
        #expect(files.map(\.path).contains("Habits.csv"))
        #expect(files.map(\.path).contains("003/Checkmarks.csv"))
        #expect(files.map(\.path).contains("005  Read/Checkmarks.csv"))
        let folder = "\(source.folder)/loop-out"
        for file in files {
            let path = "\(folder)/\(file.path)"
            try FileManager.default.createDirectory(
                atPath: String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
        }
        let target = try App()
        try target.call("app.import", ["path": .string(folder)])
        func shape(_ habits: [String: Value]) -> [String: [String]] {
            habits.mapValues { habit in
                Self.days(habit["completions"]) + Self.days(habit["skips"]) + Self.days(habit["notes"])
                    + (habit["amounts"].arrayValue ?? []).map { "\($0["total"])" }
                    + ["\(habit["measure"])", "\(habit["frequencies"].arrayValue?.first?["frequency"] ?? .null)"]
                    + ["\(habit["periods"])"]
            }
        }
        #expect(shape(try Self.habits(target)) == shape(try Self.habits(source)))
    }

    /// A Loop folder with hostile entries: a link to a file outside and a FIFO are never
    /// opened, a folder whose number no habit has is reported, and the rest is read as usual.
    @Test func aFolderWithLinksAndFIFOsReadsOnlyItsRegularFiles() throws {
        let app = try App()
        let folder = "\(app.folder)/loop-hostile"
        let manager = FileManager.default
        try manager.copyItem(atPath: Self.fixtures.appendingPathComponent("loop-csv").path, toPath: folder)
        try manager.createDirectory(atPath: "\(folder)/006 Evil", withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: "\(folder)/006 Evil/Checkmarks.csv", withDestinationPath: "/etc/passwd")
        try manager.createDirectory(atPath: "\(folder)/007 Fifo", withIntermediateDirectories: true)
        #expect(mkfifo("\(folder)/007 Fifo/Checkmarks.csv", 0o600) == 0)
        try manager.createDirectory(atPath: "\(folder)/042 \u{1B}[31mRed", withIntermediateDirectories: true)
        try Data("Date,Value,Notes\n2026-11-01,YES_MANUAL,\n".utf8).write(
            to: URL(fileURLWithPath: "\(folder)/042 \u{1B}[31mRed/Checkmarks.csv"))
        try manager.createDirectory(atPath: "\(folder)/099 Nobody", withIntermediateDirectories: true)
        try Data("Date,Value,Notes\n2026-11-01,YES_MANUAL,\n".utf8).write(
            to: URL(fileURLWithPath: "\(folder)/099 Nobody/Checkmarks.csv"))
        let report = try app.call("app.import", ["path": .string(folder)])
        #expect(report["added"]["habits"] == 5)
        #expect(report["added"]["completions"] == 7)
        #expect(
            Self.lines(report).contains("099 Nobody/Checkmarks.csv: no habit of Habits.csv has its number; left out"))
        #expect(!Self.lines(report).contains { $0.contains("Red") || $0.contains("Evil") || $0.contains("Fifo") })
    }

    /// A file of 10,001 habits is over the limit of 10,000, and refused whole.
    @Test func overTenThousandHabitsAreRefused() throws {
        let app = try App()
        var text = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
        for index in 0...10_000 { text += "습관 \(index),,,2026-11-01,1,\n" }
        let path = "\(app.folder)/many.csv"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AppError.self) { try app.call("app.import", ["path": .string(path)]) }
        #expect(error?.message.contains("over 10000 habits") == true)
        #expect(try app.call("app.export")["sections"]["habits"]["habits"] == .array([]))
    }

    /// Loop's database on the phone may be in WAL mode, which its file header says; the copy
    /// read in memory is read all the same, and the file is left as it was.
    @Test func aBackupInWALModeIsRead() throws {
        let app = try App()
        let path = "\(app.folder)/wal.db"
        let database = try SQLiteDatabase(path: path)
        try database.executeScript(
            """
            CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, freq_num INTEGER, freq_den INTEGER, position INTEGER);
            CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER);
            INSERT INTO Habits VALUES (1, '산책 🐕', 1, 1, 0);
            INSERT INTO Repetitions VALUES (1, 1, 1795132800000, 2);
            """)
        database.close()
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes[18] == 2 && bytes[19] == 2)
        let report = try app.call("app.import", ["path": .string(path)])
        #expect(report["added"] == ["habits": 1, "completions": 1])
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    }
}
