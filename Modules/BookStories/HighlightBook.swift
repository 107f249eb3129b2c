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

    /// A book as the file names it; `title` and `author` are checked when it is imported.
    public init(title: String, author: String?, highlights: [Highlight] = [], looseNotes: [String] = []) {
        self.title = title
        self.author = author
        self.highlights = highlights
        self.looseNotes = looseNotes
    }
}
