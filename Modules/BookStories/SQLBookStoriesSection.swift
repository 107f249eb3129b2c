import Core
import Formats
import Storage

/// The `bookstories` section of the export document: the user's themes, then their stories
/// with book, quotes, content, keywords and the ids of their themes, oldest first, then their
/// comments and replies with the ids of their story and parent, ids and instants
/// (milliseconds) as stored.
public struct SQLBookStoriesSection: PortableSection {
    private let database: any Database

    /// The section over `database`.
    public init(database: any Database) { self.database = database }

    /// `bookstories`.
    public var name: String { "bookstories" }

    /// 1: stories and themes; 2: and comments (a version 1 section has none).
    public var version: Int { 2 }

    /// `{themes = {...}, stories = {...}}`.
    public func export(for user: User) throws -> Record {
        let themes = try SQLThemeRepository(database: database).themes(ownedBy: user.id, includePrivate: true)
        let seqs = try database.query(
            "SELECT seq FROM book_stories WHERE author_id = ? ORDER BY seq", [.text(user.id)]
        ) { try $0.int(0) }
        let stories = try SQLStoryLoader(database: database).views(seqs, viewerID: user.id).map(\.story)
        let comments = try database.query(
            """
            SELECT c.id, s.id, p.id, c.text, c.created_at, c.updated_at FROM book_comments c
            JOIN book_stories s ON s.seq = c.story_seq LEFT JOIN book_comments p ON p.seq = c.parent_seq
            WHERE c.author_id = ? ORDER BY c.seq
            """, [.text(user.id)]
        ) { row -> Value in
            var record = Record([("id", .string(try row.string(0))), ("story_id", .string(try row.string(1)))])
            if let parent = row.optionalString(2) { record["parent_id"] = .string(parent) }
            record["text"] = .string(try row.string(3))
            record["created_at"] = .int(try row.int(4))
            record["updated_at"] = .int(try row.int(5))
            return .table(record)
        }
        return Record([
            ("themes", .array(themes.map(Self.value(of:)))), ("stories", .array(stories.map(Self.value(of:)))),
            ("comments", .array(comments)),
        ])
    }

    static func value(of theme: Theme) -> Value {
        var record = Record([("id", .string(theme.id)), ("name", .string(theme.name))])
        if let description = theme.description { record["description"] = .string(description) }
        record["visibility"] = .string(theme.visibility.rawValue)
        record["created_at"] = .int(theme.createdAt.millisecondsSince1970)
        record["updated_at"] = .int(theme.updatedAt.millisecondsSince1970)
        return .table(record)
    }

    static func value(of story: Story) -> Value {
        var book = Record([("title", .string(story.book.title)), ("author", .string(story.book.author))])
        if let publisher = story.book.publisher { book["publisher"] = .string(publisher) }
        if let isbn = story.book.isbn { book["isbn"] = .string(isbn) }
        var record = Record([("id", .string(story.id)), ("book", .table(book))])
        record["quotes"] = .array(
            story.quotes.map { quote in
                var fields = Record([("text", .string(quote.text))])
                if let page = quote.page { fields["page"] = .int(page) }
                return .table(fields)
            })
        if let content = story.content { record["content"] = .string(content) }
        record["keywords"] = .array(story.keywords.map(Value.string))
        record["themes"] = .array(story.themeIDs.map(Value.string))
        record["visibility"] = .string(story.visibility.rawValue)
        record["created_at"] = .int(story.createdAt.millisecondsSince1970)
        record["updated_at"] = .int(story.updatedAt.millisecondsSince1970)
        return .table(record)
    }

    /// Adds the themes, then the stories, whose ids are not there yet. A story's link to a
    /// theme that is neither in the database nor in the document is reported and dropped.
    public func importSection(_ section: Record, version: Int, for user: User, report: inout ImportReport) throws {
        let document = PortableRecord(section, path: "sections.bookstories")
        let themes = SQLThemeRepository(database: database)
        var renamedThemes: [String: String] = [:]
        for item in try document.records("themes") {
            let id = try item.string("id")
            let theme = try item.checked {
                try Theme(
                    id: id, ownerID: user.id, name: try item.string("name"),
                    description: try item.optionalString("description"),
                    visibility: try Self.visibility(item), createdAt: try item.instant("created_at"),
                    updatedAt: try item.instant("updated_at"))
            }
            if let existing = try themes.theme(id: id) {
                if existing.ownerID == user.id {
                    report.skip("themes")
                    continue
                }
                let fresh = Identifier.random()
                renamedThemes[id] = fresh
                report.cannotRepresent("theme \(theme.name): its id belongs to another user; imported as \(fresh)")
                try themes.insert(
                    try Theme(
                        id: fresh, ownerID: user.id, name: theme.name, description: theme.description,
                        visibility: theme.visibility, createdAt: theme.createdAt, updatedAt: theme.updatedAt))
            } else {
                try themes.insert(theme)
            }
            report.add("themes")
        }
        let stories = SQLStoryRepository(database: database)
        for item in try document.records("stories") {
            var id = try item.string("id")
            guard let bookRecord = try item.optionalRecord("book") else {
                throw AppError.invalidArgument("\(item.path).book is missing", field: "\(item.path).book")
            }
            let book = try bookRecord.checked {
                try Book(
                    title: try bookRecord.string("title"), author: try bookRecord.string("author"),
                    publisher: try bookRecord.optionalString("publisher"), isbn: try bookRecord.optionalString("isbn"))
            }
            let quotes = try item.records("quotes").map { quote in
                try quote.checked { try Quote(text: try quote.string("text"), page: try quote.optionalInt("page")) }
            }
            let quotesCount = quotes.count
            if let existing = try stories.story(id: id) {
                if existing.authorID == user.id {
                    report.skip("stories")
                    report.skip("quotes", quotesCount)
                    continue
                }
                let fresh = Identifier.random()
                report.cannotRepresent("story of \(book.title): its id belongs to another user; imported as \(fresh)")
                id = fresh
            }
            var themeIDs: [String] = []
            for theme in try item.strings("themes") {
                let mapped = renamedThemes[theme] ?? theme
                if try themes.theme(id: mapped) != nil {
                    themeIDs.append(mapped)
                } else {
                    report.cannotRepresent("story of \(book.title): theme \(theme) is not there; the link is left out")
                }
            }
            let story = try item.checked {
                try Story(
                    id: id, authorID: user.id, book: book, quotes: quotes, content: try item.optionalString("content"),
                    keywords: try item.strings("keywords"), themeIDs: themeIDs, visibility: try Self.visibility(item),
                    createdAt: try item.instant("created_at"), updatedAt: try item.instant("updated_at"))
            }
            try stories.insert(story)
            report.add("stories")
            report.add("quotes", quotesCount)
        }
        try importComments(try document.records("comments"), for: user, report: &report)
    }

    /// Adds the comments whose ids are not there yet, each on its story (one the user may
    /// read) and under its parent (a root comment of the same story), within the day's limit.
    private func importComments(_ items: [PortableRecord], for user: User, report: inout ImportReport) throws {
        let comments = SQLCommentRepository(database: database)
        let stories = SQLStoryRepository(database: database)
        let hidden = try SQLBlockList(database: database).hiddenPeople(for: user.id)
        for item in items {
            let comment = try item.checked {
                try Comment(
                    id: try item.string("id"), storyID: try item.string("story_id"),
                    parentID: try item.optionalString("parent_id"), authorID: user.id, text: try item.string("text"),
                    createdAt: try item.instant("created_at"), updatedAt: try item.instant("updated_at"))
            }
            if let existing = try comments.comment(id: comment.id) {
                if existing.authorID == user.id {
                    report.skip("comments")
                } else {
                    report.cannotRepresent("comment \(comment.id): its id belongs to another user; it is left out")
                }
                continue
            }
            guard let story = try stories.story(id: comment.storyID),
                story.authorID == user.id
                    || (story.visibility == .public && story.hiddenAt == nil && !hidden.contains(story.authorID))
            else {
                report.cannotRepresent("comment \(comment.id): its story \(comment.storyID) is not there to read")
                continue
            }
            if let parentID = comment.parentID {
                guard let parent = try comments.comment(id: parentID), parent.parentID == nil,
                    parent.storyID == comment.storyID,
                    parent.authorID == user.id || (parent.hiddenAt == nil && !hidden.contains(parent.authorID))
                else {
                    report.cannotRepresent("reply \(comment.id): the comment it answers is not there")
                    continue
                }
            }
            guard
                try BookStoriesSchema.commentQuota.used(by: user.id, at: comment.createdAt, in: database)
                    < Comment.maximumPerDay
            else {
                report.cannotRepresent(
                    "comment \(comment.id): past the day's \(Comment.maximumPerDay) comments; it is left out")
                continue
            }
            try comments.insert(comment)
            report.add("comments")
        }
    }

    private static func visibility(_ item: PortableRecord) throws -> Visibility {
        guard let visibility = Visibility(rawValue: try item.string("visibility")) else {
            throw AppError.invalidArgument(
                "\(item.path).visibility must be public or private", field: "\(item.path).visibility")
        }
        return visibility
    }
}
