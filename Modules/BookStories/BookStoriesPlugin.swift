import Core
import Storage
import Time

/// 문장모아's book stories and themes: the `bookstories` table of routes.
public struct BookStoriesPlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// `bookstories`.
    public var name: String { "bookstories" }

    /// The stories, quotes, keywords, themes and reviews tables.
    public var migrations: [Migration] { BookStoriesSchema.migrations }
    /// What members of a shared server may do to each of its tables (`BookStoriesTableAccess`).
    public var tableAccess: [TableAccess] { BookStoriesTableAccess.tables }

    /// Registers the use cases' dependencies over the repositories and `StoryListings` the
    /// composition root registered (`BookStoriesSQLRepositories`), and the `ReportTargets`
    /// that say who wrote a story or a comment someone reports.
    public func register(in container: Container) {
        container.register((any ReportTargets).self) { resolver in
            BookStoriesReportTargets(dependencies: try resolver.resolve(BookStoryDependencies.self))
        }
        container.register(BookStoryDependencies.self) { resolver in
            let listings = try resolver.resolve(StoryListings.self)
            return BookStoryDependencies(
                stories: try resolver.resolve((any StoryRepository).self),
                themes: try resolver.resolve((any ThemeRepository).self),
                reviews: try resolver.resolve((any ReviewRepository).self),
                comments: try resolver.resolve((any CommentRepository).self),
                blocks: try resolver.resolve((any BlockList).self), mine: listings.mine,
                everyone: listings.everyone, ofUser: listings.ofUser,
                users: try resolver.resolve((any UserRepository).self),
                transactions: try resolver.resolve((any TransactionRunner).self),
                clock: try resolver.resolve((any Clock).self))
        }
    }

    private static let id = Parameter.positional("id", .string, "The story's id.")
    private static let storyID = Parameter.positional("story_id", .string, "The story's id.")
    private static let commentID = Parameter.positional("comment_id", .string, "The comment's id.")
    private static let commentOwnID = Parameter.positional("id", .string, "The comment's or reply's id.")
    private static let commentText = Parameter.positional(
        "text", .string, "1 to \(Comment.maximumLength) characters after trimming."
    ).freeText
    private static let commentPage = Parameter.option("page", .integer, "The page, from 1.")
    private static let themeID = Parameter.positional("id", .string, "The theme's id.")
    private static let visibility = Parameter.option(
        "visibility", .choice(["public", "private"]), "Who sees it; private when omitted.")
    /// On the update routes an omitted visibility keeps the current one.
    private static let newVisibility = Parameter.option(
        "visibility", .choice(["public", "private"]), "Who sees it; unchanged when omitted.")
    private static let listOptions: [Parameter] = [
        .option("keyword", .string, "Only stories with this keyword, ignoring case.").freeText,
        .option("theme", .string, "Only stories in this theme (its id)."),
        .option("page", .integer, "The page, from 1."),
        .option(
            "per_page", .integer,
            "Stories per page, 1 to 100; 10 when omitted. A story whose row cannot be read (an instant outside "
                + "the years 1 to 9999 written around the app) is left out and reported on standard error."),
    ]
    /// The `id` a caller may choose for what a route makes (`thing`), so the same call can run
    /// again after `storage.outcome_unknown`.
    private static func chosenID(_ thing: String) -> Parameter {
        .option(
            "id", .string,
            "An id you choose (a lowercase UUID), so the same call can run again after storage.outcome_unknown: "
                + "if your \(thing) with this id was made, it is returned, never made twice.")
    }

    private static func storyFields(required: Bool) -> [Parameter] {
        [
            .option("book", .record("book"), "{title=, author=, publisher=?, isbn=?}.", required: required),
            .option(
                "quotes", .array(.oneOf([.string, .record("quote")])),
                "1 to 20 quotes: strings or {text=, page=?}; each 1 to 500 characters.", required: required),
            .option("content", .string, "Your own words, at most 1,000 characters (\"\" removes them).").freeText,
            .option("keywords", .array(.string), "At most 10, each 1 to 8 characters without spaces; # is dropped."),
            .option("themes", .array(.string), "Ids of your themes."),
            required ? visibility : newVisibility,
        ]
    }

    /// The `bookstories` routes of the contract.
    public func routes() -> [Route] {
        [
            Route(
                "bookstories.create", summary: "Keeps quotes from a book with your own words.",
                parameters: Self.storyFields(required: true) + [Self.chosenID("story")], returns: "story",
                example:
                    #"bookstories.create{book = {title = "데미안", author = "헤르만 헤세"}, quotes = {"새는 알에서 나오려고 투쟁한다."}, keywords = {"성장"}}"#
            ) { arguments, context in
                let view = try CreateStory(try Self.dependencies(context))(
                    try BookStoryValues.draft(arguments), authorID: context.user.id, id: arguments.optionalString("id"))
                return BookStoryValues.story(view, zone: context.clock.timeZone)
            },
            Route(
                "bookstories.get", summary: "One story, if you may see it.", parameters: [Self.id], returns: "story",
                errors: ["bookstories.not_found"], example: #"bookstories.get(id)"#, readsOnly: true
            ) { arguments, context in
                let view = try GetStory(try Self.dependencies(context))(
                    try arguments.string("id"), viewerID: context.user.id)
                return BookStoryValues.story(view, zone: context.clock.timeZone)
            },
            Route(
                "bookstories.update", summary: "Changes the given fields of your story.",
                parameters: [Self.id] + Self.storyFields(required: false), returns: "story",
                errors: ["bookstories.not_found", "forbidden"],
                example: #"bookstories.update(id, {visibility = "public"})"#
            ) { arguments, context in
                let view = try UpdateStory(try Self.dependencies(context))(
                    try arguments.string("id"), try BookStoryValues.draft(arguments), viewerID: context.user.id)
                return BookStoryValues.story(view, zone: context.clock.timeZone)
            },
            Route(
                "bookstories.delete", summary: "Deletes your story.", parameters: [Self.id], returns: "nil",
                errors: ["bookstories.not_found", "forbidden"], example: #"bookstories.delete(id)"#
            ) { arguments, context in
                try DeleteStory(try Self.dependencies(context))(try arguments.string("id"), viewerID: context.user.id)
                return .null
            },
            Route(
                "bookstories.mine", summary: "Your stories, newest first, private ones too.",
                parameters: Self.listOptions, returns: "story[]", errors: ["bookstories.not_found"],
                example: #"bookstories.mine{keyword = "성장"}"#
            ) { arguments, context in
                let stories = try ListStories(try Self.dependencies(context)).mine(
                    try Self.filter(arguments), try Self.page(arguments), viewerID: context.user.id)
                return Self.list(stories, context)
            },
            Route(
                "bookstories.public", summary: "Every user's public stories, newest first.",
                parameters: Self.listOptions, returns: "story[]", errors: ["bookstories.not_found"],
                example: #"bookstories.public{page = 2}"#, readsOnly: true
            ) { arguments, context in
                let stories = try ListStories(try Self.dependencies(context)).everyone(
                    try Self.filter(arguments), try Self.page(arguments), viewerID: context.user.id)
                return Self.list(stories, context)
            },
            Route(
                "bookstories.of", summary: "A user's stories that you may see, newest first.",
                parameters: [.positional("user", .string, "The user's name or id.")] + Self.listOptions,
                returns: "story[]", errors: ["bookstories.user_not_found", "bookstories.not_found"],
                example: #"bookstories.of("mina")"#, readsOnly: true
            ) { arguments, context in
                let stories = try ListStories(try Self.dependencies(context)).of(
                    try arguments.string("user"), try Self.filter(arguments), try Self.page(arguments),
                    viewerID: context.user.id)
                return Self.list(stories, context)
            },
            Route(
                "bookstories.themes.create", summary: "Makes a theme to gather your stories.",
                parameters: [
                    .option("name", .string, "1 to 20 characters after trimming.", required: true).freeText,
                    .option("description", .string, "At most 100 characters.").freeText, Self.visibility,
                ],
                returns: "theme", example: #"bookstories.themes.create{name = "성장", visibility = "public"}"#
            ) { arguments, context in
                let theme = try ManageThemes(try Self.dependencies(context)).create(
                    BookStoryValues.themeDraft(arguments), ownerID: context.user.id)
                return BookStoryValues.theme(theme, zone: context.clock.timeZone)
            },
            Route(
                "bookstories.themes.update", summary: "Changes the given fields of your theme.",
                parameters: [
                    Self.themeID, .option("name", .string, "1 to 20 characters after trimming.").freeText,
                    .option("description", .string, "At most 100 characters (\"\" removes it).").freeText,
                    Self.newVisibility,
                ],
                returns: "theme", errors: ["bookstories.not_found", "forbidden"],
                example: #"bookstories.themes.update(id, {name = "자람"})"#
            ) { arguments, context in
                let theme = try ManageThemes(try Self.dependencies(context)).update(
                    try arguments.string("id"), BookStoryValues.themeDraft(arguments), viewerID: context.user.id)
                return BookStoryValues.theme(theme, zone: context.clock.timeZone)
            },
            Route(
                "bookstories.themes.delete", summary: "Deletes your theme; its stories stay.",
                parameters: [Self.themeID], returns: "nil", errors: ["bookstories.not_found", "forbidden"],
                example: #"bookstories.themes.delete(id)"#
            ) { arguments, context in
                try ManageThemes(try Self.dependencies(context)).delete(
                    try arguments.string("id"), viewerID: context.user.id)
                return .null
            },
            Route(
                "bookstories.themes.list", summary: "Your themes, or another user's that you may see, oldest first.",
                parameters: [.option("user", .string, "The user's name or id; you when omitted.")],
                returns: "theme[]", errors: ["bookstories.user_not_found"],
                example: #"bookstories.themes.list{user = "mina"}"#
            ) { arguments, context in
                let zone = context.clock.timeZone
                return .array(
                    try ManageThemes(try Self.dependencies(context)).list(
                        user: arguments.optionalString("user"), viewerID: context.user.id
                    ).map { BookStoryValues.theme($0, zone: zone) })
            },
            Route(
                "bookstories.comment", summary: "Comments on a story you may read.",
                parameters: [Self.storyID, Self.commentText, Self.chosenID("comment")], returns: "comment",
                errors: ["bookstories.not_found", "bookstories.too_many_comments"],
                example: #"bookstories.comment(story.id, "저도 이 문장에서 멈췄어요 🌱")"#
            ) { arguments, context in
                let view = try ManageComments(try Self.dependencies(context)).comment(
                    on: try arguments.string("story_id"), text: try arguments.string("text"), authorID: context.user.id,
                    id: arguments.optionalString("id"))
                return BookStoryValues.comment(view, zone: context.clock.timeZone)
            },
            Route(
                "bookstories.reply", summary: "Replies to a comment (not to a reply).",
                parameters: [Self.commentID, Self.commentText, Self.chosenID("reply")], returns: "comment",
                errors: ["bookstories.not_found", "bookstories.reply_to_reply", "bookstories.too_many_comments"],
                example: #"bookstories.reply(comment.id, "고마워요!")"#
            ) { arguments, context in
                let view = try ManageComments(try Self.dependencies(context)).reply(
                    to: try arguments.string("comment_id"), text: try arguments.string("text"),
                    authorID: context.user.id, id: arguments.optionalString("id"))
                return BookStoryValues.comment(view, zone: context.clock.timeZone)
            },
            Route(
                "bookstories.comments",
                summary:
                    "A story's comments, newest first, \(Comment.perPage) a page, each with its first "
                    + "\(Comment.firstReplies) replies (oldest first) and its reply count.",
                parameters: [Self.storyID, Self.commentPage], returns: "comment[]", errors: ["bookstories.not_found"],
                example: #"for _, c in ipairs(bookstories.comments(story.id)) do print(c.author_name, c.text) end"#,
                readsOnly: true
            ) { arguments, context in
                let zone = context.clock.timeZone
                return .array(
                    try ManageComments(try Self.dependencies(context)).comments(
                        on: try arguments.string("story_id"), page: arguments.optionalInt("page") ?? 1,
                        viewerID: context.user.id
                    ).map { BookStoryValues.comment($0, zone: zone) })
            },
            Route(
                "bookstories.replies",
                summary: "A comment's replies, oldest first, \(Comment.perPage) a page.",
                parameters: [Self.commentID, Self.commentPage], returns: "comment[]",
                errors: ["bookstories.not_found"], example: #"bookstories.replies(comment.id, {page = 2})"#,
                readsOnly: true
            ) { arguments, context in
                let zone = context.clock.timeZone
                return .array(
                    try ManageComments(try Self.dependencies(context)).replies(
                        to: try arguments.string("comment_id"), page: arguments.optionalInt("page") ?? 1,
                        viewerID: context.user.id
                    ).map { BookStoryValues.comment($0, zone: zone) })
            },
            Route(
                "bookstories.edit_comment", summary: "Changes the text of your comment or reply.",
                parameters: [Self.commentOwnID, Self.commentText], returns: "comment",
                errors: ["bookstories.not_found", "forbidden"],
                example: #"bookstories.edit_comment(comment.id, "고쳐 쓴 댓글")"#
            ) { arguments, context in
                let view = try ManageComments(try Self.dependencies(context)).edit(
                    try arguments.string("id"), text: try arguments.string("text"), viewerID: context.user.id)
                return BookStoryValues.comment(view, zone: context.clock.timeZone)
            },
            Route(
                "bookstories.delete_comment",
                summary: "Deletes your comment, or one on your story, with its replies.",
                parameters: [Self.commentOwnID], returns: "nil", errors: ["bookstories.not_found", "forbidden"],
                example: #"bookstories.delete_comment(comment.id)"#
            ) { arguments, context in
                try ManageComments(try Self.dependencies(context)).delete(
                    try arguments.string("id"), viewerID: context.user.id)
                return .null
            },
            Route(
                "bookstories.review",
                summary: "Some of your stories to read again today: the same all day, new ones tomorrow.",
                parameters: [.option("count", .integer, "How many, 1 to 100; 3 when omitted.")], returns: "story[]",
                example: "for _, s in ipairs(bookstories.review{count = 3}) do print(s.quotes[1].text) end"
            ) { arguments, context in
                let stories = try ReviewStories(try Self.dependencies(context))(
                    count: arguments.optionalInt("count") ?? 3, userID: context.user.id)
                return Self.list(stories, context)
            },
        ]
    }

    /// The records the `bookstories` routes return.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "story", doc: "A book story: quotes from a book with the reader's own words.",
                fields: [
                    .init("id", "string", "A lowercase UUID."), .init("author_id", "string", "The author's user id."),
                    .init("author_name", "string", "The author's user name."), .init("book", "book", "The book."),
                    .init("quotes", "quote[]", "The quotes, in order."),
                    .init("content", "string", "The reader's own words.", optional: true),
                    .init("keywords", "string[]", "The keywords."),
                    .init("themes", "string[]", "The ids of its themes that you may see."),
                    .init("visibility", #""public"|"private""#, "Who sees it."),
                    .init("created_at", "instant", "When it was written."),
                    .init("updated_at", "instant", "When it last changed."),
                    .init("hidden", "boolean", "true when a moderator hid it (only you see it then).", optional: true),
                ]),
            RecordShape(
                "comment", doc: "A comment on a story, or a reply to one.",
                fields: [
                    .init("id", "string", "A lowercase UUID."), .init("story_id", "string", "The story's id."),
                    .init("parent_id", "string", "The comment it replies to.", optional: true),
                    .init("author_id", "string", "The author's user id."),
                    .init("author_name", "string", "The author's user name."),
                    .init("text", "string", "1 to \(Comment.maximumLength) characters."),
                    .init("created_at", "instant", "When it was written."),
                    .init("updated_at", "instant", "When its text last changed."),
                    .init("hidden", "boolean", "true when a moderator hid it (only you see it then).", optional: true),
                    .init(
                        "replies", "comment[]",
                        "Its first \(Comment.firstReplies) replies, oldest first "
                            + "(a comment of bookstories.comments).", optional: true),
                    .init(
                        "reply_count", "integer", "How many replies it has (a comment of bookstories.comments).",
                        optional: true),
                ]),
            RecordShape(
                "book", doc: "A book.",
                fields: [
                    .init("title", "string", "The title."), .init("author", "string", "The author."),
                    .init("publisher", "string", "The publisher.", optional: true),
                    .init("isbn", "string", "The ISBN.", optional: true),
                ]),
            RecordShape(
                "quote", doc: "A quote and its page.",
                fields: [
                    .init("text", "string", "The quote, 1 to 500 characters."),
                    .init("page", "integer", "The page.", optional: true),
                ]),
            RecordShape(
                "theme", doc: "A named collection of one author's stories.",
                fields: [
                    .init("id", "string", "A lowercase UUID."), .init("owner_id", "string", "The owner's user id."),
                    .init("name", "string", "1 to 20 characters."),
                    .init("description", "string", "At most 100 characters.", optional: true),
                    .init("visibility", #""public"|"private""#, "Who sees it."),
                    .init("created_at", "instant", "When it was made."),
                    .init("updated_at", "instant", "When it last changed."),
                ]),
        ]
    }

    private static func dependencies(_ context: Context) throws -> BookStoryDependencies {
        try context.resolve(BookStoryDependencies.self)
    }

    private static func filter(_ arguments: Arguments) throws -> StoryFilter {
        StoryFilter(keyword: arguments.optionalString("keyword"), themeID: arguments.optionalString("theme"))
    }

    private static func page(_ arguments: Arguments) throws -> PageRequest {
        try PageRequest(page: arguments.optionalInt("page") ?? 1, perPage: arguments.optionalInt("per_page") ?? 10)
    }

    private static func list(_ stories: [StoryView], _ context: Context) -> Value {
        let zone = context.clock.timeZone
        return .array(stories.map { BookStoryValues.story($0, zone: zone) })
    }
}
