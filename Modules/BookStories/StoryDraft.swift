/// The fields of a story being created or changed; nil means "not given" (on update:
/// unchanged). Content `""` removes the content.
public struct StoryDraft: Sendable, Equatable {
    /// The book.
    public var book: Book?
    /// The quotes.
    public var quotes: [Quote]?
    /// The reader's own words.
    public var content: String?
    /// The keywords.
    public var keywords: [String]?
    /// The theme ids.
    public var themeIDs: [String]?
    /// Who sees it.
    public var visibility: Visibility?

    /// A draft.
    public init(
        book: Book? = nil, quotes: [Quote]? = nil, content: String? = nil, keywords: [String]? = nil,
        themeIDs: [String]? = nil, visibility: Visibility? = nil
    ) {
        self.book = book
        self.quotes = quotes
        self.content = content
        self.keywords = keywords
        self.themeIDs = themeIDs
        self.visibility = visibility
    }
}
