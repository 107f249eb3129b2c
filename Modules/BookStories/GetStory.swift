/// One story, if the acting user may see it.
public struct GetStory: Sendable {
    let dependencies: BookStoryDependencies

    /// Reads through `dependencies.stories`; never writes.
    public init(_ dependencies: BookStoryDependencies) { self.dependencies = dependencies }

    /// The story as the viewer sees it.
    /// - Throws: `bookstories.not_found` for a missing story or another user's private one.
    public func callAsFunction(_ id: String, viewerID: String) throws -> StoryView {
        try dependencies.stories.view(of: try dependencies.visibleStory(id, viewerID: viewerID), viewerID: viewerID)
    }
}
