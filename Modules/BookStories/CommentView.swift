/// A comment as a reader sees it: with its author's name and, for a root comment of
/// `bookstories.comments`, its first replies and how many it has.
public struct CommentView: Sendable, Equatable {
    /// The comment.
    public let comment: Comment
    /// The author's user name.
    public let authorName: String
    /// Its first replies, oldest first (a root comment in a page of comments), or nil.
    public let replies: [CommentView]?
    /// How many replies it has (a root comment in a page of comments), or nil.
    public let replyCount: Int?

    /// A view of `comment`.
    public init(comment: Comment, authorName: String, replies: [CommentView]? = nil, replyCount: Int? = nil) {
        self.comment = comment
        self.authorName = authorName
        self.replies = replies
        self.replyCount = replyCount
    }
}
