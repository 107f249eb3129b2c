import Core
import Storage

/// `app.import(path, {from = "kindle"})`: a Kindle's `My Clippings.txt` as private stories.
public struct KindleClippingsFormat: ForeignFormat {
    private let database: any Database

    /// The format over `database`.
    public init(database: any Database) { self.database = database }

    /// `kindle`.
    public var name: String { "kindle" }

    /// A separator line and a header line.
    public func recognises(_ bytes: [UInt8]) -> Bool { KindleClippings.recognises(bytes) }

    /// Adds each new highlight as a quote (see `HighlightImport`); dates are read in the
    /// clock's zone, as the Kindle wrote them in its own.
    public func importFile(_ bytes: [UInt8], for user: User, clock: any Clock, report: inout ImportReport) throws {
        let (books, bookmarks) = KindleClippings.parse(String(decoding: bytes, as: UTF8.self), zone: clock.timeZone)
        if bookmarks > 0 { report.cannotRepresent("\(bookmarks) bookmarks: a bookmark marks no text") }
        try HighlightImport(database: database).run(books, for: user, clock: clock, report: &report)
    }
}
