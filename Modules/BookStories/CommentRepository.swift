import Core
import Time

/// Comments and replies in storage. Who may read a comment is decided by its story: the
/// use cases check the story first (and on a shared server so do the table's policies).
public protocol CommentRepository: Sendable {
    /// The comment with this id.
    func comment(id: String) throws -> Comment?
    /// Stores a new comment or reply.
    func insert(_ comment: Comment) throws
    /// Changes a comment's text.
    func update(_ comment: Comment) throws
    /// Removes a comment and its replies.
    func delete(id: String) throws
    /// Hides comments from everyone but their author (a moderator's action): the one with
    /// `id`, or every comment of `authorID`; those hidden already stay as they are.
    /// - Returns: how many were hidden now.
    func hide(id: String?, authorID: String?, at now: Instant) throws -> Int
    /// A page of the story's root comments, newest first, each with its first replies and
    /// its reply count, as `viewerID` sees them: none of people they blocked or who blocked
    /// them, not even in a count.
    func comments(onStory storyID: String, page: PageRequest, viewerID: String) throws -> [CommentView]
    /// A page of a comment's replies, oldest first, as `viewerID` sees them.
    func replies(to commentID: String, page: PageRequest, viewerID: String) throws -> [CommentView]
    /// How many comments and replies `authorID` wrote today, as the daily limit counts them.
    func writtenToday(by authorID: String, at now: Instant) throws -> Int
}
