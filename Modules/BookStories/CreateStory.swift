import Core

/// Writes a new story (private unless asked otherwise).
public struct CreateStory: Sendable {
    let dependencies: BookStoryDependencies

    /// Checks the themes and writes the story through `dependencies`, in one transaction, stamped
    /// by its clock.
    public init(_ dependencies: BookStoryDependencies) { self.dependencies = dependencies }

    /// The new story, stored, as its author sees it.
    /// - Throws: `invalid_argument` naming the field.
    public func callAsFunction(_ draft: StoryDraft, authorID: String) throws -> StoryView {
        guard let book = draft.book else { throw AppError.invalidArgument("a story needs a book", field: "book") }
        guard let quotes = draft.quotes else {
            throw AppError.invalidArgument("a story needs at least one quote", field: "quotes")
        }
        let now = dependencies.clock.now()
        return try dependencies.transactions.transaction {
            let story = try Story(
                id: Identifier.random(), authorID: authorID, book: book, quotes: quotes, content: draft.content,
                keywords: try Keywords.normalized(draft.keywords ?? []),
                themeIDs: try dependencies.checkedThemeIDs(draft.themeIDs ?? [], authorID: authorID),
                visibility: draft.visibility ?? .private, createdAt: now, updatedAt: now)
            try dependencies.stories.insert(story)
            return try dependencies.authorView(of: story)
        }
    }
}
