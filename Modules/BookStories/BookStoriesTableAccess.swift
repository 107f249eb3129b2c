import Core

/// What members of a shared server may do to the stories' tables, beside
/// `BookStoriesSchema` (see `TableAccess`): public stories and themes are everyone's to
/// read, and a story's parts follow it.
enum BookStoriesTableAccess {
    private static let me = TableAccess.me
    /// A story the acting member may see (RLS of book_stories applies inside the policy).
    /// `OFFSET 0` keeps the planner from turning the test into a hash of every story the
    /// member may see, built before the first row: for a common keyword it chose that hash
    /// (66 ms for 10 rows among 200,000 stories) over looking up the 10 stories it returns.
    /// Every table that follows its story reads this way (quotes, keywords, themes,
    /// comments): a long scan of them (an export) looks each story up by its key.
    private static let storyVisible = "EXISTS (SELECT 1 FROM book_stories s WHERE s.seq = story_seq OFFSET 0)"
    /// A story the acting member wrote.
    private static let storyOwn =
        "EXISTS (SELECT 1 FROM book_stories s WHERE s.seq = story_seq AND s.author_id = \(me))"

    /// Rows that follow their story: read when the story may be read, written by its author.
    private static func followStory(_ table: String, extraCheck: String = "") -> [TableAccess.Policy] {
        [
            TableAccess.Policy("\(table)_read", "SELECT", using: storyVisible, check: nil),
            TableAccess.Policy("\(table)_insert", "INSERT", using: nil, check: storyOwn + extraCheck),
            TableAccess.Policy("\(table)_update", "UPDATE", using: storyOwn, check: storyOwn + extraCheck),
            TableAccess.Policy("\(table)_delete", "DELETE", using: storyOwn, check: nil),
        ]
    }

    private static let followSummary =
        "follow their story: read when the story may be read, written only for one's own story"

    /// The declarations, in the order setup creates their policies.
    static let tables: [TableAccess] = [
        // A moderator's `hidden_at` is no member's to write: not in the grant, and a new
        // story is not hidden.
        TableAccess(
            "book_stories", privileges: "SELECT, INSERT",
            updates: [
                "book_title", "book_author", "book_publisher", "book_isbn", "content", "visibility", "updated_at",
            ], deletes: true,
            policies: [
                TableAccess.Policy(
                    "book_stories_read", "SELECT",
                    using: "author_id = \(me) OR (visibility = 'public' AND hidden_at IS NULL AND "
                        + "\(TableAccess.notHidden("author_id")))",
                    check: nil),
                TableAccess.Policy(
                    "book_stories_insert", "INSERT", using: nil, check: "author_id = \(me) AND hidden_at IS NULL"),
                TableAccess.Policy(
                    "book_stories_update", "UPDATE", using: "author_id = \(me)", check: "author_id = \(me)"),
                TableAccess.Policy("book_stories_delete", "DELETE", using: "author_id = \(me)", check: nil),
                TableAccess.Policy("book_stories_moderate", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .section("bookstories"),
            summary:
                "read: the author's own and everyone's public, but those a moderator hid and those of people one "
                + "blocked or who blocked one; write: the author (never `hidden_at`); `definer`: the moderator hides"),
        TableAccess.readWrite(
            "book_themes",
            policies: [
                TableAccess.Policy(
                    "book_themes_read", "SELECT",
                    using: "owner_id = \(me) OR (visibility = 'public' AND \(TableAccess.notHidden("owner_id")))",
                    check: nil),
                TableAccess.Policy("book_themes_write", "ALL", using: "owner_id = \(me)", check: "owner_id = \(me)"),
            ],
            export: .section("bookstories"),
            summary:
                "read: the owner's own and everyone's public but those of people one blocked or who blocked one; "
                + "write: the owner"),
        TableAccess.readWrite(
            "book_story_quotes", policies: followStory("book_story_quotes"), export: .section("bookstories"),
            summary: followSummary),
        // A keyword row carries its story's author, visibility and date for the keyword
        // listings: they must be the story's, or a member could list their story under
        // another member's name, or fill the public pages with private rows.
        TableAccess.readWrite(
            "book_story_keywords",
            policies: followStory(
                "book_story_keywords",
                extraCheck: " AND EXISTS (SELECT 1 FROM book_stories s WHERE s.seq = story_seq"
                    + " AND s.author_id = book_story_keywords.author_id"
                    + " AND s.visibility = book_story_keywords.visibility"
                    + " AND s.created_at = book_story_keywords.created_at)"),
            export: .section("bookstories"),
            summary: followSummary + "; its author, visibility and date are its story's"),
        TableAccess.readWrite(
            "book_story_themes",
            policies: followStory(
                "book_story_themes",
                extraCheck: " AND EXISTS (SELECT 1 FROM book_themes t WHERE t.seq = theme_seq AND t.owner_id = \(me))"),
            export: .section("bookstories"),
            summary: followSummary
                + "; a link also only to one's own theme: a story goes only into its author's themes, never into "
                + "another member's curated one (and the trigger `book_story_themes_owner`)"),
        // The app reviews a person's own stories only; a row naming someone else's story
        // would hold a lock on it (the foreign key's) for as long as its transaction stays
        // open, and keep its author from deleting it.
        TableAccess.readWrite(
            "book_story_reviews",
            policies: [
                TableAccess.Policy(
                    "book_story_reviews_owner", "ALL", using: "user_id = \(me)",
                    check: "user_id = \(me) AND \(storyOwn)")
            ],
            export: .notExported("when each story was last shown for review: the app's own schedule"),
            summary: "one's own, only of one's own stories"),
        // Comments follow their story: read by whoever reads it (so a story made private
        // hides them from all but its author, and making it public again shows them),
        // written as oneself only on a story one reads, changed (the text) by their author,
        // deleted by their author or the story's. A reply's parent is checked by the trigger
        // `book_comments_reply`, the daily limit by `book_comments_quota`.
        TableAccess(
            "book_comments", privileges: "SELECT, INSERT", updates: ["text", "updated_at"], deletes: true,
            policies: [
                TableAccess.Policy(
                    "book_comments_read", "SELECT",
                    using: "\(storyVisible) AND \(TableAccess.notHidden("author_id")) "
                        + "AND (hidden_at IS NULL OR author_id = \(me))",
                    check: nil),
                TableAccess.Policy(
                    "book_comments_insert", "INSERT", using: nil,
                    check: "author_id = \(me) AND hidden_at IS NULL AND \(storyVisible)"),
                TableAccess.Policy(
                    "book_comments_update", "UPDATE", using: "author_id = \(me) AND \(storyVisible)",
                    check: "author_id = \(me)"),
                TableAccess.Policy(
                    "book_comments_delete", "DELETE", using: "author_id = \(me) OR \(storyOwn)", check: nil),
                TableAccess.Policy("book_comments_moderate", "ALL", using: "true", check: "true", ownerOnly: true),
            ],
            export: .section("bookstories"),
            summary:
                "read: whoever reads the story, but not those of people one blocked or who blocked one, nor those a "
                + "moderator hid (but one's own); write: as "
                + "oneself on a story one reads; change the text: the "
                + "author; delete: the author or the story's author; a reply only to a root comment of its story "
                + "(trigger `book_comments_reply`); at most \(Comment.maximumPerDay) a day (`book_comments_quota`)"),
    ]
}
