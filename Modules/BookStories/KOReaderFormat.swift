import Core
import Formats
import Storage
import Time

/// `app.import(path, {from = "koreader"})`: KOReader's JSON export as private stories.
public struct KOReaderFormat: ForeignFormat {
    private let database: any Database

    /// The format over `database`.
    public init(database: any Database) { self.database = database }

    /// `koreader`.
    public var name: String { "koreader" }

    /// What a file of this format is, for errors.
    public var expected: String { "a KOReader JSON export (with its highlights' entries)" }

    /// JSON with `entries`.
    public func recognises(_ bytes: [UInt8]) -> Bool { KOReaderExport.recognises(bytes) }

    /// Adds each new highlight as a quote (see `HighlightImport`).
    /// - Throws: `invalid_argument` for JSON that is not a KOReader export.
    public func importFile(_ bytes: [UInt8], for user: User, clock: any Clock, report: inout ImportReport) throws {
        let value = try JSONParser.parse(bytes)
        report.reportInvalidUTF8(bytes, in: "the KOReader file")
        guard let books = KOReaderExport.books(value) else {
            throw AppError.invalidArgument("the JSON is not a KOReader export (no entries)", field: "path")
        }
        try HighlightImport(database: database).run(books, for: user, clock: clock, report: &report)
        for line in KOReaderExport.unkept(value) { report.cannotRepresent(line) }
    }
}
