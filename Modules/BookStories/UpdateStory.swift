import Core

/// Changes the given fields of the acting user's own story.
public struct UpdateStory: Sendable {
    let dependencies: BookStoryDependencies

    /// Reads and rewrites the story through `dependencies.stories` in one transaction.
    public init(_ dependencies: BookStoryDependencies) { self.dependencies = dependencies }

    /// The changed story.
    /// - Throws: `bookstories.not_found` (invisible), `forbidden` (not the author), `invalid_argument`.
    public func callAsFunction(_ id: String, _ draft: StoryDraft, viewerID: String) throws -> StoryView {
        let now = dependencies.clock.now()
        return try dependencies.transactions.transaction {
            let old = try dependencies.ownStory(id, viewerID: viewerID)
            let story = try Story(
                id: old.id, authorID: old.authorID, book: draft.book ?? old.book, quotes: draft.quotes ?? old.quotes,
                content: draft.content ?? old.content,
                keywords: try draft.keywords.map(Keywords.normalized) ?? old.keywords,
                themeIDs: try draft.themeIDs.map { try dependencies.checkedThemeIDs($0, authorID: viewerID) }
                    ?? old.themeIDs,
                visibility: draft.visibility ?? old.visibility, createdAt: old.createdAt, updatedAt: now)
            try dependencies.stories.update(story)
            return try dependencies.authorView(of: story)
        }
    }
}
