import Core
import Time

/// A comment on a book story, or a reply to one (문장모아 v2's rules): one level of replies
/// only, its text 1 to 1,000 characters after trimming (a Hangul syllable or an emoji
/// counts one). Who may read it is who may read its story.
public struct Comment: Sendable, Equatable {
    /// The longest text, in characters.
    public static let maximumLength = 1_000
    /// Root comments on a page of `bookstories.comments`, and replies on a page of
    /// `bookstories.replies`.
    public static let perPage = 10
    /// The replies each root comment of a page carries, oldest first.
    public static let firstReplies = 3
    /// The most comments and replies one person writes in a day (UTC).
    public static let maximumPerDay = 100

    /// A lowercase UUID.
    public let id: String
    /// The story's id.
    public let storyID: String
    /// The comment it replies to, or nil for a root comment.
    public let parentID: String?
    /// The author's user id.
    public let authorID: String
    /// The text, trimmed and composed.
    public let text: String
    /// When it was written.
    public let createdAt: Instant
    /// When its text last changed.
    public let updatedAt: Instant
    /// When a moderator hid it, or nil: a hidden comment is its author's alone to see.
    public let hiddenAt: Instant?

    /// A comment, its text checked.
    /// - Throws: `invalid_argument` (field `text`).
    public init(
        id: String, storyID: String, parentID: String?, authorID: String, text: String, createdAt: Instant,
        updatedAt: Instant, hiddenAt: Instant? = nil
    ) throws {
        self.id = id
        self.storyID = storyID
        self.parentID = parentID
        self.authorID = authorID
        self.text = try TextRules.checked(text, field: "text", what: "a comment", maximum: Self.maximumLength)
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.hiddenAt = hiddenAt
    }
}
