import Core
import Time

/// Conversions between the `bookstories` routes' values and the module's types.
enum BookStoryValues {
    static func story(_ view: StoryView, zone: TimeZoneRules) -> Value {
        let story = view.story
        return .table(
            Record([
                ("id", .string(story.id)), ("author_id", .string(story.authorID)),
                ("author_name", .string(view.authorName)),
                (
                    "book",
                    .table(
                        Record([
                            ("title", .string(story.book.title)), ("author", .string(story.book.author)),
                            ("publisher", story.book.publisher.map(Value.string) ?? .null),
                            ("isbn", story.book.isbn.map(Value.string) ?? .null),
                        ]))
                ),
                (
                    "quotes",
                    .array(
                        story.quotes.map {
                            .table(Record([("text", .string($0.text)), ("page", $0.page.map(Value.int) ?? .null)]))
                        })
                ),
                ("content", story.content.map(Value.string) ?? .null),
                ("keywords", .array(story.keywords.map(Value.string))),
                ("themes", .array(view.visibleThemeIDs.map(Value.string))),
                ("visibility", .string(story.visibility.rawValue)),
                ("created_at", .string(story.createdAt.iso8601(in: zone))),
                ("updated_at", .string(story.updatedAt.iso8601(in: zone))),
                ("hidden", story.hiddenAt == nil ? .null : .bool(true)),
            ]))
    }

    static func theme(_ theme: Theme, zone: TimeZoneRules) -> Value {
        .table(
            Record([
                ("id", .string(theme.id)), ("owner_id", .string(theme.ownerID)), ("name", .string(theme.name)),
                ("description", theme.description.map(Value.string) ?? .null),
                ("visibility", .string(theme.visibility.rawValue)),
                ("created_at", .string(theme.createdAt.iso8601(in: zone))),
                ("updated_at", .string(theme.updatedAt.iso8601(in: zone))),
            ]))
    }

    static func comment(_ view: CommentView, zone: TimeZoneRules) -> Value {
        let comment = view.comment
        var record = Record([
            ("id", .string(comment.id)), ("story_id", .string(comment.storyID)),
            ("parent_id", comment.parentID.map(Value.string) ?? .null), ("author_id", .string(comment.authorID)),
            ("author_name", .string(view.authorName)), ("text", .string(comment.text)),
            ("created_at", .string(comment.createdAt.iso8601(in: zone))),
            ("updated_at", .string(comment.updatedAt.iso8601(in: zone))),
            ("hidden", comment.hiddenAt == nil ? .null : .bool(true)),
        ])
        if let replies = view.replies { record["replies"] = .array(replies.map { Self.comment($0, zone: zone) }) }
        if let count = view.replyCount { record["reply_count"] = .int(count) }
        return .table(record)
    }

    /// The story fields of `arguments`; each given field checked.
    static func draft(_ arguments: Arguments) throws -> StoryDraft {
        var draft = StoryDraft()
        if case .table(let record) = arguments["book"] { draft.book = try book(record) }
        if let items = arguments["quotes"].arrayValue { draft.quotes = try quotes(items) }
        draft.content = arguments.optionalString("content")
        draft.keywords = arguments["keywords"].arrayValue?.compactMap(\.stringValue)
        draft.themeIDs = arguments["themes"].arrayValue?.compactMap(\.stringValue)
        draft.visibility = arguments.optionalString("visibility").flatMap(Visibility.init(rawValue:))
        return draft
    }

    /// The theme fields of `arguments`.
    static func themeDraft(_ arguments: Arguments) -> ThemeDraft {
        ThemeDraft(
            name: arguments.optionalString("name"), description: arguments.optionalString("description"),
            visibility: arguments.optionalString("visibility").flatMap(Visibility.init(rawValue:)))
    }

    static func book(_ record: Record) throws -> Book {
        try only(["title", "author", "publisher", "isbn"], in: record, field: "book")
        func text(_ key: String) throws -> String? {
            guard let value = record[key] else { return nil }
            guard let text = value.stringValue else {
                throw AppError.invalidArgument("book.\(key) is a string, got \(value.kindName)", field: "book.\(key)")
            }
            return text
        }
        return try Book(
            title: try text("title") ?? "", author: try text("author") ?? "", publisher: try text("publisher"),
            isbn: try text("isbn"))
    }

    static func quotes(_ items: [Value]) throws -> [Quote] {
        guard items.count <= Story.maximumQuoteCount else {
            throw AppError.invalidArgument(
                "a story holds at most \(Story.maximumQuoteCount) quotes, got \(items.count)", field: "quotes")
        }
        return try items.map { item in
            switch item {
            case .string(let text): return try Quote(text: text)
            case .table(let record):
                try only(["text", "page"], in: record, field: "quotes")
                guard let text = record["text"]?.stringValue else {
                    throw AppError.invalidArgument("a quote needs its text", field: "quotes")
                }
                let page = record["page"]
                guard page == nil || page?.intValue != nil else {
                    throw AppError.invalidArgument("a quote's page is a positive integer", field: "quotes")
                }
                return try Quote(text: text, page: page?.intValue)
            default:
                throw AppError.invalidArgument("a quote is a string or {text=, page=?}", field: "quotes")
            }
        }
    }

    private static func only(_ keys: Set<String>, in record: Record, field: String) throws {
        for key in record.keys where !keys.contains(key) {
            throw AppError.invalidArgument(
                "unknown field '\(key)' in \(field) (it takes \(keys.sorted().joined(separator: ", ")))", field: field)
        }
    }
}
