/// One book's highlights as an e-reader file holds them, in the file's order.
public struct HighlightBook: Sendable, Equatable {
    /// The title as the reader shows it.
    public var title: String
    /// The author, when the file names one.
    public var author: String?
    /// The highlights, notes attached.
    public var highlights: [Highlight]
    /// Notes that belong to no highlight (a story needs a quote, so these are reported).
    public var looseNotes: [String] = []
    /// What the file held that was taken in otherwise than as it was (a highlight's time
    /// outside the years 1 to 9999, left out), one line each, for the import's report.
    public var problems: [String] = []

    /// A book as the file names it; `title` and `author` are checked when it is imported.
    public init(title: String, author: String?, highlights: [Highlight] = [], looseNotes: [String] = []) {
        self.title = title
        self.author = author
        self.highlights = highlights
        self.looseNotes = looseNotes
    }
}
