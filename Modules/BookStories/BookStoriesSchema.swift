import Core
import Storage

/// The BookStories module's tables. Keyword rows carry copies of their story's author,
/// visibility and creation instant, so a keyword search of any scope walks one covering
/// index newest first and stops at the page; an update rewrites them with the story in one
/// transaction. One keyword index, not one per scope: each keyword of a new story dirties
/// a page of every keyword index, and creating a story is measured (under 500 µs).
enum BookStoriesSchema {
    /// The limits of step 3.
    private static var limits: [(table: String, rules: [TextLengthChecks.Rule])] {
        [
            (
                "book_stories",
                [
                    .text("book_title", maximum: Book.maximumLength, nonEmpty: true),
                    .text("book_author", maximum: Book.maximumLength, nonEmpty: true),
                    .text("book_publisher", maximum: Book.maximumLength),
                    .text("book_isbn", maximum: Book.maximumISBNLength),
                    .text("content", maximum: Story.maximumContentLength),
                ]
            ),
            (
                "book_story_quotes",
                [
                    .text("text", maximum: Quote.maximumLength, nonEmpty: true),
                    .range("position", 0...(Story.maximumQuoteCount - 1)), .range("page", 1...Int.max),
                ]
            ),
            (
                "book_story_keywords",
                [
                    .text("keyword", maximum: Keywords.maximumLength, nonEmpty: true),
                    // Folding (lower case, NFC) may lengthen a keyword: 4 times is room.
                    .text("folded", maximum: Keywords.maximumLength * 4),
                    .range("position", 0...(Keywords.maximumCount - 1)),
                    TextLengthChecks.Rule(
                        name: "visibility", condition: "visibility IN ('public', 'private')"),
                ]
            ),
            (
                "book_themes",
                [
                    .text("name", maximum: Theme.maximumNameLength, nonEmpty: true),
                    .text("description", maximum: Theme.maximumDescriptionLength),
                ]
            ),
        ]
    }

    /// The limit of step 8.
    private static var commentLimits: [(table: String, rules: [TextLengthChecks.Rule])] {
        [("book_comments", [.text("text", maximum: Comment.maximumLength, nonEmpty: true)])]
    }

    static let migrations: [Migration] = [
        Migration(
            version: 1, summary: "stories, quotes, keywords, themes, theme links and reviews",
            sql: """
                CREATE TABLE book_stories (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    author_id TEXT NOT NULL REFERENCES users (id),
                    book_title TEXT NOT NULL,
                    book_author TEXT NOT NULL,
                    book_publisher TEXT,
                    book_isbn TEXT,
                    content TEXT,
                    visibility TEXT NOT NULL CHECK (visibility IN ('public', 'private')),
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE INDEX book_stories_public ON book_stories (visibility, created_at DESC, seq DESC);
                CREATE INDEX book_stories_author ON book_stories (author_id, created_at DESC, seq DESC);
                CREATE TABLE book_story_quotes (
                    story_seq INTEGER NOT NULL REFERENCES book_stories (seq) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    text TEXT NOT NULL,
                    page INTEGER,
                    PRIMARY KEY (story_seq, position)
                ) WITHOUT ROWID;
                CREATE TABLE book_story_keywords (
                    story_seq INTEGER NOT NULL REFERENCES book_stories (seq) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    keyword TEXT NOT NULL,
                    folded TEXT NOT NULL,
                    author_id TEXT NOT NULL,
                    visibility TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (story_seq, position)
                ) WITHOUT ROWID;
                CREATE INDEX book_story_keywords_by_keyword
                    ON book_story_keywords (folded, created_at DESC, story_seq DESC, visibility, author_id);
                CREATE TABLE book_themes (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    owner_id TEXT NOT NULL REFERENCES users (id),
                    name TEXT NOT NULL,
                    description TEXT,
                    visibility TEXT NOT NULL CHECK (visibility IN ('public', 'private')),
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE INDEX book_themes_owner ON book_themes (owner_id, seq);
                CREATE TABLE book_story_themes (
                    story_seq INTEGER NOT NULL REFERENCES book_stories (seq) ON DELETE CASCADE,
                    theme_seq INTEGER NOT NULL REFERENCES book_themes (seq) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (story_seq, theme_seq)
                ) WITHOUT ROWID;
                CREATE INDEX book_story_themes_theme ON book_story_themes (theme_seq, story_seq);
                CREATE TABLE book_story_reviews (
                    user_id TEXT NOT NULL REFERENCES users (id),
                    day TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    story_seq INTEGER NOT NULL REFERENCES book_stories (seq) ON DELETE CASCADE,
                    PRIMARY KEY (user_id, day, position)
                ) WITHOUT ROWID;
                CREATE INDEX book_story_reviews_story ON book_story_reviews (story_seq, day);
                """),
        // No instant column holds a number outside the years 1 to 9999: the app's arithmetic
        // on one read back would overflow (a CHECK on PostgreSQL; see
        // InstantColumnChecks). A set-up server gets it from admin.setup().
        InstantColumnChecks.migration(
            version: 2,
            columns: [
                ("book_stories", ["created_at", "updated_at"]), ("book_story_keywords", ["created_at"]),
                ("book_themes", ["created_at", "updated_at"]),
            ]),
        // The app's limits are the database's: a member writing with psql
        // cannot store what the app refuses and the other members' readers would fail on.
        // Lengths are counted as `String.databaseLength` (TextLengthChecks); a story holds
        // at most 20 quotes and 10 keywords because their positions are 0 to 19 and 0 to 9
        // (the primary key makes each position one row); a quote's page is at least 1.
        TextLengthChecks.migration(
            version: 3, summary: "lengths, positions and pages within the app's limits", tables: limits),
        // A story goes only into its author's own themes, as the app puts it (on a server
        // the policy of book_story_themes says so too): no one's story lands in someone
        // else's curated theme. On SQLite the app's rule alone (see InstantColumnChecks).
        Migration(
            version: 4, summary: "a story only in its author's themes (PostgreSQL)",
            sql: "",
            postgreSQL: """
                CREATE FUNCTION book_story_themes_owner() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    IF NOT EXISTS (\(sameOwner)) THEN
                        RAISE EXCEPTION '\(themeOwnerMessage)' USING ERRCODE = '23514';
                    END IF;
                    RETURN NEW;
                END
                $fn$;
                CREATE TRIGGER book_story_themes_owner BEFORE INSERT OR UPDATE ON book_story_themes
                    FOR EACH ROW EXECUTE FUNCTION book_story_themes_owner();
                """),
        // Comments and replies (one level: a reply's parent is a root comment of the same
        // story, which the trigger below holds on both backends). A story's comments go
        // with it, a comment's replies with it. Who reads them is who reads the story (the
        // policies on a server; the use cases on SQLite).
        Migration(
            version: 5, summary: "comments and replies on stories",
            sql: """
                CREATE TABLE book_comments (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    story_seq INTEGER NOT NULL REFERENCES book_stories (seq) ON DELETE CASCADE,
                    parent_seq INTEGER REFERENCES book_comments (seq) ON DELETE CASCADE,
                    author_id TEXT NOT NULL REFERENCES users (id),
                    text TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE INDEX book_comments_roots ON book_comments (story_seq, created_at DESC, seq DESC)
                    WHERE parent_seq IS NULL;
                CREATE INDEX book_comments_replies ON book_comments (parent_seq, created_at, seq);
                CREATE INDEX book_comments_author ON book_comments (author_id, created_at);
                """),
        Migration(
            version: 6, summary: "a reply only to a root comment of the same story",
            sql: """
                CREATE TRIGGER book_comments_reply BEFORE INSERT ON book_comments WHEN NEW.parent_seq IS NOT NULL
                BEGIN
                    SELECT RAISE(ABORT, '\(replyMessage)') WHERE NOT EXISTS (\(parentIsRoot));
                END;
                """,
            postgreSQL: """
                CREATE FUNCTION book_comments_reply() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    IF NEW.parent_seq IS NOT NULL AND NOT EXISTS (\(parentIsRoot)) THEN
                        RAISE EXCEPTION '\(replyMessage)' USING ERRCODE = '23514';
                    END IF;
                    RETURN NEW;
                END
                $fn$;
                CREATE TRIGGER book_comments_reply BEFORE INSERT OR UPDATE OF parent_seq, story_seq ON book_comments
                    FOR EACH ROW EXECUTE FUNCTION book_comments_reply();
                """),
        InstantColumnChecks.migration(version: 7, columns: [("book_comments", ["created_at", "updated_at"])]),
        TextLengthChecks.migration(
            version: 8, summary: "a comment's length within the app's limit", tables: commentLimits),
        commentQuota.migration(version: 9),
        // A moderator hides a story or a comment (`admin.resolve`): then its author alone
        // sees it, marked hidden. Members never write the column (not in their grant).
        Migration(
            version: 10, summary: "stories and comments a moderator hid",
            sql: """
                ALTER TABLE book_stories ADD COLUMN hidden_at INTEGER;
                ALTER TABLE book_comments ADD COLUMN hidden_at INTEGER;
                """),
        InstantColumnChecks.migration(
            version: 11, columns: [("book_stories", ["hidden_at"]), ("book_comments", ["hidden_at"])]),
        // A comment reaches the story's author's inbox, a reply the comment's author's (not
        // one's own), written by the database itself as walks' and mates' entries are: by the
        // transaction that adds the comment, whoever adds it. The comment is the subject
        // (`BookStoriesSQLRepositories.notificationSubjects`), its author the actor. A comment
        // deleted (with its story, or its parent) takes its entry with it.
        Migration(
            version: 12, summary: "comments and replies reach the inbox",
            sql: """
                CREATE TRIGGER book_comments_inbox AFTER INSERT ON book_comments
                BEGIN
                    \(commentInbox(postgreSQL: false));
                    \(replyInbox(postgreSQL: false));
                END;
                CREATE TRIGGER book_comments_inbox_gone AFTER DELETE ON book_comments
                BEGIN
                    \(commentInboxGone);
                END;
                """,
            postgreSQL: """
                CREATE FUNCTION book_comments_inbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    IF TG_OP = 'DELETE' THEN
                        \(commentInboxGone);
                    ELSE
                        \(commentInbox(postgreSQL: true));
                        \(replyInbox(postgreSQL: true));
                    END IF;
                    RETURN NULL;
                END
                $fn$;
                CREATE TRIGGER book_comments_inbox AFTER INSERT OR DELETE ON book_comments
                    FOR EACH ROW EXECUTE FUNCTION book_comments_inbox();
                """),
        // Text within its bytes too (`TextLengthChecks.byteMigration`).
        TextLengthChecks.byteMigration(version: 13, tables: limits + commentLimits),
    ]

    /// A JSON object of `pairs` as text: SQLite's `json_object` is text already.
    private static func jsonText(_ pairs: String, postgreSQL: Bool) -> String {
        postgreSQL ? "json_build_object(\(pairs))::text" : "json_object(\(pairs))"
    }

    /// Whether `one` and `other` blocked each other, either way.
    private static func blocked(_ one: String, _ other: String) -> String {
        """
        EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = \(one) AND b.blocked_id = \(other))
                            OR (b.blocker_id = \(other) AND b.blocked_id = \(one)))
        """
    }

    /// A deleted comment's or reply's entry.
    private static let commentInboxGone = """
        DELETE FROM inbox WHERE subject_id = OLD.id AND name IN ('bookstories.comment', 'bookstories.reply')
        """

    /// A new root comment's entry for its story's author.
    private static func commentInbox(postgreSQL: Bool) -> String {
        """
        INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id)
                    SELECT s.author_id, 'bookstories.comment',
                        \(jsonText("'id', NEW.id, 'story_id', s.id, 'from', (SELECT u.name FROM users u WHERE u.id = NEW.author_id)", postgreSQL: postgreSQL)),
                        NEW.created_at, NEW.author_id, NEW.id
                    FROM book_stories s
                    WHERE NEW.parent_seq IS NULL AND s.seq = NEW.story_seq AND s.author_id <> NEW.author_id
        """
    }

    /// A new reply's entry for the author of the comment it answers, when they may still
    /// read the story (theirs, or public, not hidden, by someone neither side blocked) and
    /// neither they nor the replier blocked the other: on a server the trigger writes with
    /// the owner's rights, so it looks for them.
    private static func replyInbox(postgreSQL: Bool) -> String {
        """
        INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id)
                    SELECT p.author_id, 'bookstories.reply',
                        \(jsonText("'id', NEW.id, 'comment_id', p.id, 'story_id', s.id, 'from', (SELECT u.name FROM users u WHERE u.id = NEW.author_id)", postgreSQL: postgreSQL)),
                        NEW.created_at, NEW.author_id, NEW.id
                    FROM book_comments p JOIN book_stories s ON s.seq = p.story_seq
                    WHERE p.seq = NEW.parent_seq AND p.author_id <> NEW.author_id
                        AND (p.author_id = s.author_id OR (s.visibility = 'public' AND s.hidden_at IS NULL
                            AND NOT \(blocked("p.author_id", "s.author_id"))))
                        AND NOT \(blocked("p.author_id", "NEW.author_id"))
        """
    }

    /// At most `Comment.maximumPerDay` comments and replies a day from one person.
    static let commentQuota = DailyQuota(
        kind: "comments", table: "book_comments", userColumn: "author_id", maximum: Comment.maximumPerDay)

    /// The comment `NEW` replies to is a root comment of the same story.
    private static let parentIsRoot = """
        SELECT 1 FROM book_comments p WHERE p.seq = NEW.parent_seq AND p.parent_seq IS NULL AND p.story_seq = NEW.story_seq
        """
    private static let replyMessage = "book_comments: a reply answers a root comment of the same story"

    /// The story of `NEW` and the theme of `NEW` have one owner.
    private static let sameOwner = """
        SELECT 1 FROM book_stories s, book_themes t
                    WHERE s.seq = NEW.story_seq AND t.seq = NEW.theme_seq AND t.owner_id = s.author_id
        """
    private static let themeOwnerMessage = "book_story_themes: a story goes only into themes of its author"
}
