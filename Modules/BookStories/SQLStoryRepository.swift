import Core
import Storage
import Time

/// Stories in `book_stories` with their quotes, keywords and theme links.
public struct SQLStoryRepository: StoryRepository {
    private let database: any Database

    /// A repository over `database` (migrated with the BookStories plugin's migrations).
    public init(database: any Database) { self.database = database }

    /// The story with this id.
    public func story(id: String) throws -> Story? {
        guard let seq = try seq(of: id) else { return nil }
        return try SQLStoryLoader(database: database).views([seq], viewerID: "").first?.story
    }

    /// The story with its author's name and the themes `viewerID` may see.
    public func view(of story: Story, viewerID: String) throws -> StoryView {
        guard let seq = try seq(of: story.id),
            let view = try SQLStoryLoader(database: database).views([seq], viewerID: viewerID).first
        else { throw BookStoryError.storyNotFound(story.id) }
        return view
    }

    /// Stores a new story with its parts, in one transaction.
    public func insert(_ story: Story) throws {
        try database.transaction {
            let seq: Int?
            do {
                seq = try database.queryOne(
                    """
                    INSERT INTO book_stories (id, author_id, book_title, book_author, book_publisher, book_isbn,
                        content, visibility, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    RETURNING seq
                    """,
                    [.text(story.id), .text(story.authorID)] + Self.columns(of: story) + [.instant(story.createdAt)]
                        + [.instant(story.updatedAt)]
                ) { try $0.int(0) }
            } catch let error as StorageError where error.failure == .duplicate {
                throw AppError(code: "bookstories.exists", message: "a story with id \(story.id) exists")
            }
            guard let seq else { throw AppError.internal("inserting story \(story.id) returned no row") }
            try insertParts(of: story, seq: seq)
        }
    }

    /// Replaces a story and rewrites its quotes, keywords and theme links, in one transaction.
    public func update(_ story: Story) throws {
        try database.transaction {
            let changed = try database.execute(
                """
                UPDATE book_stories SET book_title = ?, book_author = ?, book_publisher = ?, book_isbn = ?,
                    content = ?, visibility = ?, updated_at = ? WHERE id = ?
                """, Self.columns(of: story) + [.instant(story.updatedAt), .text(story.id)])
            guard changed == 1, let seq = try seq(of: story.id) else { throw BookStoryError.storyNotFound(story.id) }
            for table in ["book_story_quotes", "book_story_keywords", "book_story_themes"] {
                try database.delete(from: table, where: [.equal("story_seq", .int(seq))])
            }
            try insertParts(of: story, seq: seq)
        }
    }

    /// Removes a story and its parts.
    public func delete(id: String) throws {
        guard try database.delete(from: "book_stories", where: [.equal("id", .text(id))]) == 1 else {
            throw BookStoryError.storyNotFound(id)
        }
    }

    /// Hides the one with `id`, or all of `authorID`'s, not hidden yet.
    public func hide(id: String?, authorID: String?, at now: Instant) throws -> Int {
        let (column, value) = id.map { ("id", $0) } ?? ("author_id", authorID ?? "")
        return try database.execute(
            "UPDATE book_stories SET hidden_at = ? WHERE \(column) = ? AND hidden_at IS NULL",
            [.instant(now), .text(value)])
    }

    private func seq(of id: String) throws -> Int? {
        try database.queryOne("SELECT seq FROM book_stories WHERE id = ?", [.text(id)]) { try $0.int(0) }
    }

    private static func columns(of story: Story) -> [SQLValue] {
        [
            .text(story.book.title), .text(story.book.author), .text(story.book.publisher), .text(story.book.isbn),
            .text(story.content), .text(story.visibility.rawValue),
        ]
    }

    private func insertParts(of story: Story, seq: Int) throws {
        for (position, quote) in story.quotes.enumerated() {
            try database.execute(
                "INSERT INTO book_story_quotes (story_seq, position, text, page) VALUES (?, ?, ?, ?)",
                [.int(seq), .int(position), .text(quote.text), .int(quote.page)])
        }
        for (position, keyword) in story.keywords.enumerated() {
            try database.execute(
                """
                INSERT INTO book_story_keywords (story_seq, position, keyword, folded, author_id, visibility, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .int(seq), .int(position), .text(keyword), .text(Keywords.folded(keyword)), .text(story.authorID),
                    .text(story.visibility.rawValue), .instant(story.createdAt),
                ])
        }
        for (position, theme) in story.themeIDs.enumerated() {
            let linked = try database.execute(
                """
                INSERT INTO book_story_themes (story_seq, theme_seq, position)
                SELECT CAST(? AS BIGINT), seq, CAST(? AS BIGINT) FROM book_themes WHERE id = ?
                """,
                [.int(seq), .int(position), .text(theme)])
            guard linked == 1 else { throw BookStoryError.themeNotFound(theme, field: "themes") }
        }
    }
}
