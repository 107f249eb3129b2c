import Core
import FoundationEssentials
import Habits
import Storage
import Testing

@testable import AppShell

/// What an import or export cannot carry is said, never dropped in silence: a habit merged
/// into one of the same name and its settings that differ, what Loop's CSV layout cannot
/// express, and a file that is not of the format it was given as.
@Suite struct ImportSaysWhatItCannotCarryTests {
    typealias App = RouteReturnShapeTests.App

    /// A Loop backup with one habit, Gym, `freq_num` in 7 days, its reminder at `hour`:00,
    /// yes/no or (numerical) at most 2 cups.
    static func loopBackup(at path: String, times: Int, hour: Int, numerical: Bool) throws {
        try? FileManager.default.removeItem(atPath: path)
        let database = try SQLiteDatabase(path: path)
        try database.executeScript(
            """
            CREATE TABLE Habits (id INTEGER PRIMARY KEY, name TEXT, freq_num INTEGER, freq_den INTEGER,
              position INTEGER, reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127,
              type INTEGER, target_type INTEGER, target_value REAL, unit TEXT);
            CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER);
            INSERT INTO Habits VALUES (1, 'Gym', \(times), 7, 0, \(hour), 0, 127, \(numerical ? 1 : 0), 1, 2, 'cups');
            PRAGMA journal_mode = DELETE;
            """)
        database.close()
    }

    static func merged(_ report: Value) -> [String] { report["merged"].arrayValue?.compactMap(\.stringValue) ?? [] }

    @Test func aHabitOfANameAlreadyImportedIsMergedAndItsDifferingSettingsAreSaid() throws {
        let app = try App()
        let path = "\(app.folder)/gym.db"
        try Self.loopBackup(at: path, times: 3, hour: 6, numerical: false)
        let first = try app.call("app.import", ["path": .string(path)])
        #expect(Self.merged(first).isEmpty)
        // The same habit, changed in Loop since: 5 a week, a reminder at 08:00, counted in cups.
        try Self.loopBackup(at: path, times: 5, hour: 8, numerical: true)
        let second = try app.call("app.import", ["path": .string(path)])
        #expect(second["skipped"]["habits"] == 1)
        #expect(
            Self.merged(second) == [
                "Loop habit 1 (Gym): merged into your habit Gym, of the same name (ids are made from names): "
                    + "only the days it lacks are added",
                "Loop habit 1 (Gym): its frequency there is 5/week, here 3/week: kept 3/week",
                "Loop habit 1 (Gym): its measure there is at most 2 cups, here none (yes/no): kept yes/no",
                "Loop habit 1 (Gym): its reminder there is at 08:00, here 06:00: added beside them",
            ])
        #expect(try app.call("habits.reminders").arrayValue?.count == 2)
    }

    @Test func exportingToLoopSaysWhatLoopsLayoutCannotExpress() throws {
        let app = try App()
        try app.call(
            "habits.create", ["name": "Gym", "start": "2026-11-02", "frequency": ["weekdays": ["mon", "fri"]]])
        try app.call("habits.pause", ["ref": "Gym", "from": "2026-11-20", "to": "2026-11-25"])
        try app.call("habits.create", ["name": "Run", "start": "2026-11-02"])
        try app.call(
            "habits.set_frequency", ["ref": "Run", "frequency": ["times": 3, "per": "week"], "from": "2026-11-16"])
        let section = try app.call("app.export")["sections"]["habits"]
        #expect(
            LoopCSVExport.losses(fromSection: section) == [
                "habit 1 (Gym): Loop has no weekdays; its frequency mon fri is written as 2 a week (2/7), on any days",
                "habit 1 (Gym): Loop has no pauses; 2026-11-20...2026-11-25 are written as days with nothing recorded",
                "habit 2 (Run): Loop keeps one frequency; the earlier ones (before 2026-11-16) are not written, "
                    + "its whole history is written as 3/7",
            ])
    }

    @Test(arguments: [
        ("clippings.txt", "loop", "a Loop Habit Tracker backup", "it looks like from = kindle"),
        ("habits.json", "habitbull", "a HabitBull CSV", ""),
        ("notes.txt", "app-shell", "an app-shell export document", ""),
    ])
    func aFileNotOfTheFormatGivenNamesTheFileAndTheFormat(
        name: String, format: String, expected: String, guess: String
    ) throws {
        let app = try App()
        let path = "\(app.folder)/\(name)"
        let text =
            name == "clippings.txt"
            ? "책 (저자)\n- Your Highlight on page 1 | Added on Monday, December 1, 2025 1:00:00 PM\n\n문장\n==========\n"
            : name == "habits.json" ? "{\"habits\": []}" : "just some notes"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: AppError.self) {
            try app.call("app.import", ["path": .string(path), "from": .string(format)])
        }
        #expect(error?.code == "import.unknown_format")
        #expect(error?.message.contains("\(path) is not \(expected)") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("(from = \(format))") == true)
        if !guess.isEmpty { #expect(error?.message.contains(guess) == true) }
        #expect(try app.call("app.export")["sections"]["habits"]["habits"] == .array([]))
    }
}
