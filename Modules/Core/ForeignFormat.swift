/// A file format of another app that `app.import` reads (Kindle's `My Clippings.txt`,
/// KOReader's JSON export), implemented by the feature whose data it holds.
public protocol ForeignFormat: Sendable {
    /// The name `from` takes (`kindle`, `koreader`).
    var name: String { get }
    /// Whether `bytes` (a file's first bytes, or all of them) look like this format.
    func recognises(_ bytes: [UInt8]) -> Bool
    /// Adds what the file holds to `user`'s data, inside the import's transaction; local
    /// times without a zone are read in `clock`'s zone, and missing instants are `clock`'s now.
    func importFile(_ bytes: [UInt8], for user: User, clock: any Clock, report: inout ImportReport) throws
}
