import Core
import Storage
import Time

/// `app.import(path, {from = "kindle"})`: a Kindle's `My Clippings.txt` as private stories.
public struct KindleClippingsFormat: ForeignFormat {
    private let database: any Database

    /// The format over `database`.
    public init(database: any Database) { self.database = database }

    /// `kindle`.
    public var name: String { "kindle" }

    /// What a file of this format is, for errors.
    public var expected: String { "a Kindle My Clippings.txt (entries between ========== lines)" }

    /// A separator line and a header line.
    public func recognises(_ bytes: [UInt8]) -> Bool { KindleClippings.recognises(bytes) }

    /// Adds each new highlight as a quote (see `HighlightImport`); dates are read in the
    /// clock's zone, as the Kindle wrote them in its own.
    public func importFile(_ bytes: [UInt8], for user: User, clock: any Clock, report: inout ImportReport) throws {
        let (books, bookmarks) = KindleClippings.parse(String(decoding: bytes, as: UTF8.self), zone: clock.timeZone)
        report.reportInvalidUTF8(bytes, in: "the Kindle file")
        if bookmarks > 0 { report.cannotRepresent("\(bookmarks) bookmarks: a bookmark marks no text") }
        let located = books.reduce(0) { $0 + $1.highlights.filter { $0.location != nil }.count }
        if located > 0 {
            report.cannotRepresent(
                located == 1
                    ? "1 highlight's Kindle location: not kept (its page is)"
                    : "\(located) highlights' Kindle locations: not kept (their pages are)")
        }
        try HighlightImport(database: database).run(books, for: user, clock: clock, report: &report)
    }
}
