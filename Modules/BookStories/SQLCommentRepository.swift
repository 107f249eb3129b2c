import Core
import Storage
import Time

/// Comments and replies in `book_comments`, in portable SQL. A page of root comments is one
/// statement: the page's roots, their first replies and their reply counts together.
public struct SQLCommentRepository: CommentRepository {
    private let database: any Database

    /// A repository over `database` (migrated with the BookStories plugin's migrations).
    public init(database: any Database) { self.database = database }

    /// The columns a comment is read from, `c` the comment, `s` its story, `p` its parent.
    private static let columns = "c.id, s.id, p.id, c.author_id, c.text, c.created_at, c.updated_at, c.hidden_at"

    /// The comment with this id.
    public func comment(id: String) throws -> Comment? {
        try database.queryOne(
            """
            SELECT \(Self.columns) FROM book_comments c JOIN book_stories s ON s.seq = c.story_seq
            LEFT JOIN book_comments p ON p.seq = c.parent_seq WHERE c.id = ?
            """, [.text(id)], { try Self.comment($0, at: 0) })
    }

    /// Stores a new comment or reply under its story (and parent).
    public func insert(_ comment: Comment) throws {
        do {
            try database.execute(
                """
                INSERT INTO book_comments (id, story_seq, parent_seq, author_id, text, created_at, updated_at)
                VALUES (?1, (SELECT seq FROM book_stories WHERE id = ?2), (SELECT seq FROM book_comments WHERE id = ?3),
                    ?4, ?5, ?6, ?7)
                """,
                [
                    .text(comment.id), .text(comment.storyID), .text(comment.parentID), .text(comment.authorID),
                    .text(comment.text), .instant(comment.createdAt), .instant(comment.updatedAt),
                ])
        } catch let error as StorageError where error.failure == .duplicate {
            throw AppError(code: "bookstories.exists", message: "a comment with id \(comment.id) exists")
        }
    }

    /// Replaces a comment's text and its date of change.
    public func update(_ comment: Comment) throws {
        let changed = try database.execute(
            "UPDATE book_comments SET text = ?, updated_at = ? WHERE id = ?",
            [.text(comment.text), .instant(comment.updatedAt), .text(comment.id)])
        guard changed == 1 else { throw BookStoryError.commentNotFound(comment.id) }
    }

    /// Removes a comment; its replies go with it (the foreign key's cascade).
    public func delete(id: String) throws {
        guard try database.delete(from: "book_comments", where: [.equal("id", .text(id))]) == 1 else {
            throw BookStoryError.commentNotFound(id)
        }
    }

    /// Hides the one with `id`, or all of `authorID`'s, not hidden yet.
    public func hide(id: String?, authorID: String?, at now: Instant) throws -> Int {
        let (column, value) = id.map { ("id", $0) } ?? ("author_id", authorID ?? "")
        return try database.execute(
            "UPDATE book_comments SET hidden_at = ? WHERE \(column) = ? AND hidden_at IS NULL",
            [.instant(now), .text(value)])
    }

    /// The page's root comments newest first, each with its first replies (oldest first)
    /// and its reply count, read in one statement.
    public func comments(onStory storyID: String, page: PageRequest, viewerID: String) throws -> [CommentView] {
        let rows = try database.query(
            """
            WITH hidden AS (\(SQLBlockList.hidden(viewer: "?5"))),
            roots AS (
                SELECT c.seq FROM book_comments c JOIN book_stories s ON s.seq = c.story_seq
                WHERE s.id = ?1 AND c.parent_seq IS NULL AND c.author_id NOT IN (SELECT blocked_id FROM hidden)
                    AND (c.hidden_at IS NULL OR c.author_id = ?5)
                ORDER BY c.created_at DESC, c.seq DESC LIMIT ?2 OFFSET ?3),
            replies AS (
                SELECT c.seq, c.parent_seq,
                    row_number() OVER (PARTITION BY c.parent_seq ORDER BY c.created_at, c.seq) AS n,
                    count(*) OVER (PARTITION BY c.parent_seq) AS total
                FROM book_comments c
                WHERE c.parent_seq IN (SELECT seq FROM roots) AND c.author_id NOT IN (SELECT blocked_id FROM hidden)
                    AND (c.hidden_at IS NULL OR c.author_id = ?5))
            SELECT c.seq, c.parent_seq, \(Self.columns), u.name,
                (SELECT count(*) FROM replies r WHERE r.parent_seq = c.seq)
            FROM book_comments c JOIN book_stories s ON s.seq = c.story_seq
            LEFT JOIN book_comments p ON p.seq = c.parent_seq JOIN users u ON u.id = c.author_id
            WHERE c.seq IN (SELECT seq FROM roots) OR c.seq IN (SELECT seq FROM replies WHERE n <= ?4)
            ORDER BY c.created_at, c.seq
            """,
            [.text(storyID), .int(page.perPage), .int(page.offset), .int(Comment.firstReplies), .text(viewerID)]
        ) { row in
            (
                seq: try row.int(0), parent: row.optionalInt(1),
                view: CommentView(comment: try Self.comment(row, at: 2), authorName: try row.string(10)),
                count: try row.int(11)
            )
        }
        var replies: [Int: [CommentView]] = [:]
        for row in rows { if let parent = row.parent { replies[parent, default: []].append(row.view) } }
        return rows.filter { $0.parent == nil }.reversed().map { root in
            CommentView(
                comment: root.view.comment, authorName: root.view.authorName, replies: replies[root.seq] ?? [],
                replyCount: root.count)
        }
    }

    /// The page's replies, oldest first.
    public func replies(to commentID: String, page: PageRequest, viewerID: String) throws -> [CommentView] {
        try database.query(
            """
            WITH hidden AS (\(SQLBlockList.hidden(viewer: "?4")))
            SELECT \(Self.columns), u.name
            FROM book_comments c JOIN book_comments p ON p.seq = c.parent_seq
            JOIN book_stories s ON s.seq = c.story_seq JOIN users u ON u.id = c.author_id
            WHERE p.id = ?1 AND c.author_id NOT IN (SELECT blocked_id FROM hidden) AND (c.hidden_at IS NULL OR c.author_id = ?4)
            ORDER BY c.created_at, c.seq LIMIT ?2 OFFSET ?3
            """, [.text(commentID), .int(page.perPage), .int(page.offset), .text(viewerID)]
        ) { CommentView(comment: try Self.comment($0, at: 0), authorName: try $0.string(8)) }
    }

    /// As `BookStoriesSchema.commentQuota` counts them.
    public func writtenToday(by authorID: String, at now: Instant) throws -> Int {
        try BookStoriesSchema.commentQuota.used(by: authorID, at: now, in: database)
    }

    /// The comment of `Self.columns`, starting at column `first`.
    private static func comment(_ row: Row, at first: Int32) throws -> Comment {
        try Comment(
            id: try row.string(first), storyID: try row.string(first + 1), parentID: row.optionalString(first + 2),
            authorID: try row.string(first + 3), text: try row.string(first + 4),
            createdAt: try row.instant(first + 5), updatedAt: try row.instant(first + 6),
            hiddenAt: try row.optionalInstant(first + 7))
    }
}
