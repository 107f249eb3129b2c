/// The fields of a story being created or changed; nil means "not given" (on update:
/// unchanged). Content `""` removes the content.
public struct StoryDraft: Sendable, Equatable {
    /// The book the quotes come from (required on create).
    public var book: Book?
    /// The quotes, 1 to 20 (required on create); on update they replace the story's.
    public var quotes: [Quote]?
    /// The reader's own words.
    public var content: String?
    /// Keywords as given (a leading `#` is dropped, duplicates ignoring case are merged).
    public var keywords: [String]?
    /// Ids of the author's own themes the story belongs to; on update they replace its themes.
    public var themeIDs: [String]?
    /// Who sees it.
    public var visibility: Visibility?

    /// A draft giving only the fields passed; every other field is "not given".
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
