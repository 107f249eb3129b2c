import Core
import Time

/// Writes a new story (private unless asked otherwise).
public struct CreateStory: Sendable {
    let dependencies: BookStoryDependencies

    /// Checks the themes and writes the story through `dependencies`, in one transaction, stamped
    /// by its clock.
    public init(_ dependencies: BookStoryDependencies) { self.dependencies = dependencies }

    /// The new story, stored, as its author sees it. With `id` (a lowercase UUID the caller
    /// chose), the same call can run again after `storage.outcome_unknown`: when the
    /// author's story with that id exists, it is returned as it is, and nothing is made again.
    /// - Throws: `invalid_argument` naming the field (`id` when it is not well formed, or
    ///   another person's).
    public func callAsFunction(_ draft: StoryDraft, authorID: String, id chosen: String? = nil) throws -> StoryView {
        if let chosen = try Identifier.chosen(chosen), let made = try dependencies.stories.story(id: chosen),
            made.authorID == authorID
        {
            return try dependencies.authorView(of: made)
        }
        guard let book = draft.book else { throw AppError.invalidArgument("a story needs a book", field: "book") }
        guard let quotes = draft.quotes else {
            throw AppError.invalidArgument("a story needs at least one quote", field: "quotes")
        }
        let now = dependencies.clock.now()
        do {
            return try write(draft, book: book, quotes: quotes, authorID: authorID, id: chosen, at: now)
        } catch let error as AppError where error.code == "bookstories.exists" && chosen != nil {
            // Another person's story has it (the repository says so of a taken id).
            throw Identifier.taken
        }
    }

    /// Writes the story in one transaction.
    private func write(_ draft: StoryDraft, book: Book, quotes: [Quote], authorID: String, id: String?, at now: Instant)
        throws -> StoryView
    {
        try dependencies.transactions.transaction {
            let story = try Story(
                id: id ?? Identifier.random(), authorID: authorID, book: book, quotes: quotes, content: draft.content,
                keywords: try Keywords.normalized(draft.keywords ?? []),
                themeIDs: try dependencies.checkedThemeIDs(draft.themeIDs ?? [], authorID: authorID),
                visibility: draft.visibility ?? .private, createdAt: now, updatedAt: now)
            try dependencies.stories.insert(story)
            return try dependencies.authorView(of: story)
        }
    }
}
