import Storage

/// Every user's public stories.
public struct SQLPublicStories: StoryListing {
    private let database: any Database

    /// The read model over `database`.
    public init(database: any Database) { self.database = database }

    /// A page of public stories.
    public func stories(matching filter: StoryFilter, page: PageRequest, viewerID: String) throws -> [StoryView] {
        try SQLStoryListingQuery(
            database: database, storyCondition: "s.visibility = 'public'", keywordCondition: "k.visibility = 'public'",
            arguments: []
        ).stories(matching: filter, page: page, viewerID: viewerID)
    }
}
