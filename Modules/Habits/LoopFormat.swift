import Core
import Storage
import Time

/// `app.import(path, {from = "loop"})`: Loop Habit Tracker's backup (`.db`) or CSV export
/// (a folder or a zip with `Habits.csv` and `NNN Name/Checkmarks.csv`), as habits with
/// their frequencies, measures, completions (only `YES_MANUAL`), skips, amounts and notes.
public struct LoopFormat: ForeignFormat {
    private let database: any Database

    /// The format, writing through `database`.
    public init(database: any Database) { self.database = database }

    /// `loop`.
    public var name: String { "loop" }

    /// What a file of this format is, for errors.
    public var expected: String { "a Loop Habit Tracker backup (.db) or CSV export (a zip, its folder, or Habits.csv)" }

    /// A SQLite file, or a lone `Habits.csv`.
    public func recognises(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("SQLite format 3\u{0}".utf8))
            || String(decoding: bytes.prefix(64), as: UTF8.self).hasPrefix("Position,Name,")
            || String(decoding: bytes.prefix(64), as: UTF8.self).hasPrefix("\u{FEFF}Position,Name,")
    }

    /// A folder or zip with `Habits.csv` at its top.
    public func recognisesFolder(_ paths: [String]) -> Bool { paths.contains("Habits.csv") }

    /// Imports a backup, or a lone `Habits.csv` (the habits without their days).
    public func importFile(_ bytes: [UInt8], for user: User, clock: any Clock, report: inout ImportReport) throws {
        if bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) {
            let (habits, lines) = try LoopBackupReader.habits(in: bytes)
            try write(habits, lines, for: user, clock: clock, report: &report)
            return
        }
        let (habits, _) = try LoopCSVReader.habitList(bytes)
        try write(
            habits, ["only Habits.csv was given: its days are in the NNN folders; import the folder or the zip"],
            for: user, clock: clock, report: &report)
    }

    /// Imports a CSV export.
    public func importFolder(
        _ files: [String: [UInt8]], for user: User, clock: any Clock, report: inout ImportReport
    ) throws {
        let (habits, lines) = try LoopCSVReader.habits(in: files)
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".csv") {
            report.reportInvalidUTF8(bytes, in: path)
        }
        try write(habits, lines, for: user, clock: clock, report: &report)
    }

    private func write(
        _ habits: [ForeignHabit], _ lines: [String], for user: User, clock: any Clock, report: inout ImportReport
    ) throws {
        for line in lines { report.cannotRepresent(line) }
        try ForeignHabitWriter(database: database, format: name).write(habits, for: user, clock: clock, report: &report)
        if !habits.isEmpty {
            report.cannotRepresent(
                "Loop's colours, list order and scores are not kept (AppShell reckons its own score)")
        }
    }
}
