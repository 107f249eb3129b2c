/// Deletes the acting user's own story.
public struct DeleteStory: Sendable {
    let dependencies: BookStoryDependencies

    /// Checks ownership and deletes through `dependencies.stories`, in one transaction.
    public init(_ dependencies: BookStoryDependencies) { self.dependencies = dependencies }

    /// Deletes it.
    /// - Throws: `bookstories.not_found` (invisible), `forbidden` (not the author).
    public func callAsFunction(_ id: String, viewerID: String) throws {
        try dependencies.transactions.transaction {
            let story = try dependencies.ownStory(id, viewerID: viewerID)
            try dependencies.stories.delete(id: story.id)
        }
    }
}
