import Time

/// A file format of another app that `app.import` reads (Kindle's `My Clippings.txt`,
/// KOReader's JSON export, Loop Habit Tracker's backup and CSV export, HabitBull's CSV),
/// implemented by the feature whose data it holds.
public protocol ForeignFormat: Sendable {
    /// The name `from` takes (`kindle`, `koreader`, `loop`, `habitbull`).
    var name: String { get }
    /// What a file of this format is, for an error naming a file that is not one
    /// ("a Loop Habit Tracker backup or CSV export").
    var expected: String { get }
    /// Whether `bytes` (a file's first bytes, or all of them) look like this format.
    func recognises(_ bytes: [UInt8]) -> Bool
    /// Adds what the file holds to `user`'s data, inside the import's transaction; local
    /// times without a zone are read in `clock`'s zone, and missing instants are `clock`'s now.
    func importFile(_ bytes: [UInt8], for user: User, clock: any Clock, report: inout ImportReport) throws
    /// Whether a folder (or a zip archive) holding files of these paths is this format.
    func recognisesFolder(_ paths: [String]) -> Bool
    /// Adds what a folder's files (by their path inside it, `Habits.csv`, `001 Run/Checkmarks.csv`)
    /// hold, inside the import's transaction.
    func importFolder(_ files: [String: [UInt8]], for user: User, clock: any Clock, report: inout ImportReport)
        throws
}

extension ForeignFormat {
    /// "a NAME file".
    public var expected: String { "a \(name) file" }

    /// A format of single files recognises no folder.
    public func recognisesFolder(_ paths: [String]) -> Bool { false }

    /// A format of single files reads no folder: `invalid_argument` (field `path`).
    public func importFolder(
        _ files: [String: [UInt8]], for user: User, clock: any Clock, report: inout ImportReport
    ) throws {
        throw AppError.invalidArgument("\(name) reads a file, not a folder", field: "path")
    }
}
