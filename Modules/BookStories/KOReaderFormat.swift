import Core
import Storage

/// `app.import(path, {from = "koreader"})`: KOReader's JSON export as private stories.
public struct KOReaderFormat: ForeignFormat {
    private let database: any Database

    /// The format over `database`.
    public init(database: any Database) { self.database = database }

    /// `koreader`.
    public var name: String { "koreader" }

    /// JSON with `entries`.
    public func recognises(_ bytes: [UInt8]) -> Bool { KOReaderExport.recognises(bytes) }

    /// Adds each new highlight as a quote (see `HighlightImport`).
    /// - Throws: `invalid_argument` for JSON that is not a KOReader export.
    public func importFile(_ bytes: [UInt8], for user: User, clock: any Clock, report: inout ImportReport) throws {
        guard let books = KOReaderExport.books(try JSONParser.parse(bytes)) else {
            throw AppError.invalidArgument("the JSON is not a KOReader export (no entries)", field: "path")
        }
        try HighlightImport(database: database).run(books, for: user, clock: clock, report: &report)
    }
}
