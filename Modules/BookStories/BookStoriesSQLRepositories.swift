import Core
import Storage

/// The story, theme and review repositories and the story listings over a SQL database,
/// for the composition root.
public struct BookStoriesSQLRepositories: SQLRepositories {
    /// The SQL repositories; stateless, the database comes with `register(over:in:)`.
    public init() {}

    /// Registers `any StoryRepository`, `any ThemeRepository`, `any ReviewRepository`,
    /// `any CommentRepository` and `StoryListings`.
    public func register(over database: any Database, in container: Container) {
        container.register((any StoryRepository).self, instance: SQLStoryRepository(database: database))
        container.register((any ThemeRepository).self, instance: SQLThemeRepository(database: database))
        container.register((any ReviewRepository).self, instance: SQLReviewRepository(database: database))
        container.register((any CommentRepository).self, instance: SQLCommentRepository(database: database))
        container.register(
            StoryListings.self,
            instance: StoryListings(
                mine: SQLMyStories(database: database), everyone: SQLPublicStories(database: database),
                ofUser: { SQLUserStories(database: database, ownerID: $0) }))
    }

    /// The `bookstories` section of the export document.
    public func portableSections(over database: any Database) -> [any PortableSection] {
        [SQLBookStoriesSection(database: database)]
    }

    /// A comment's or reply's notification stays while its reader may read it: it is not
    /// hidden, and its story is theirs or public, not hidden, by someone not hidden from them.
    public func notificationSubjects() -> [NotificationSubject] {
        [
            NotificationSubject(
                kinds: ["bookstories.comment", "bookstories.reply"],
                visible: """
                    EXISTS (SELECT 1 FROM book_comments c JOIN book_stories s ON s.seq = c.story_seq
                        WHERE c.id = n.subject_id AND c.hidden_at IS NULL
                            AND (s.author_id = ?1 OR (s.visibility = 'public' AND s.hidden_at IS NULL
                                AND s.author_id NOT IN (\(SQLBlockList.hidden(viewer: "?1"))))))
                    """)
        ]
    }

    /// Kindle's `My Clippings.txt` and KOReader's JSON export, as private stories.
    public func foreignFormats(over database: any Database) -> [any ForeignFormat] {
        [KindleClippingsFormat(database: database), KOReaderFormat(database: database)]
    }
}
