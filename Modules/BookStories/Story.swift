import Core
import Time

/// A book story (문장모아): quotes from a book with the reader's own words.
///
/// A `Story` is always valid: one or more quotes, content at most 1,000 characters,
/// keywords by `Keywords.validated` (input is normalized at the edge, once).
public struct Story: Sendable, Equatable {
    /// The longest content, in characters.
    public static let maximumContentLength = 1000
    /// The most quotes a story holds: 문장모아's form takes a handful, and a reader's feed
    /// loads every quote of every story on a page. Checked where quotes come in
    /// (`bookstories.create` and `update`), before any is parsed.
    public static let maximumQuoteCount = 20

    /// A lowercase UUID.
    public let id: String
    /// The author's user id.
    public let authorID: String
    /// The book its quotes come from.
    public let book: Book
    /// The quotes, in order.
    public let quotes: [Quote]
    /// The reader's own words, if any.
    public let content: String?
    /// The keywords, in order.
    public let keywords: [String]
    /// The ids of the author's themes the story belongs to.
    public let themeIDs: [String]
    /// Who sees it.
    public let visibility: Visibility
    /// When it was created.
    public let createdAt: Instant
    /// When it last changed.
    public let updatedAt: Instant
    /// When a moderator hid it (`admin.resolve`), or nil: a hidden story is its author's
    /// alone to see.
    public let hiddenAt: Instant?

    /// A story, checked.
    /// - Throws: `invalid_argument` naming the field.
    public init(
        id: String, authorID: String, book: Book, quotes: [Quote], content: String?, keywords: [String],
        themeIDs: [String], visibility: Visibility, createdAt: Instant, updatedAt: Instant, hiddenAt: Instant? = nil
    ) throws {
        guard !quotes.isEmpty else {
            throw AppError.invalidArgument("a story needs at least one quote", field: "quotes")
        }
        let content = content?.composed
        if let content, content.limitLength > Self.maximumContentLength {
            throw AppError.invalidArgument(
                "content is at most \(Self.maximumContentLength) characters, got \(content.limitLength)",
                field: "content")
        }
        guard Set(themeIDs).count == themeIDs.count else {
            throw AppError.invalidArgument("a theme is given twice", field: "themes")
        }
        self.id = id
        self.authorID = authorID
        self.book = book
        self.quotes = quotes
        self.content = content.flatMap { $0.isEmpty ? nil : $0 }
        self.keywords = try Keywords.validated(keywords)
        self.themeIDs = themeIDs
        self.visibility = visibility
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.hiddenAt = hiddenAt
    }
}
