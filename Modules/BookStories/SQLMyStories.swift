import Storage

/// The acting user's stories, private included.
public struct SQLMyStories: StoryListing {
    private let database: any Database

    /// The read model over `database`.
    public init(database: any Database) { self.database = database }

    /// A page of the viewer's own stories.
    public func stories(matching filter: StoryFilter, page: PageRequest, viewerID: String) throws -> [StoryView] {
        try SQLStoryListingQuery(
            database: database, storyCondition: "s.author_id = ?", keywordCondition: "k.author_id = ?",
            arguments: [.text(viewerID)]
        ).stories(matching: filter, page: page, viewerID: viewerID)
    }
}
