import Core
import Storage

/// Every user's public stories, but those of people the viewer blocked or who blocked them.
public struct SQLPublicStories: StoryListing {
    private let database: any Database
    private let reporter: any SkippedRowReporter

    /// The read model over `database`; a story row that cannot be read is left out and told
    /// to `reporter`.
    public init(database: any Database, reporter: any SkippedRowReporter = StandardErrorSkippedRowReporter()) {
        self.database = database
        self.reporter = reporter
    }

    /// A page of public stories.
    public func stories(matching filter: StoryFilter, page: PageRequest, viewerID: String) throws -> [StoryView] {
        try SQLStoryListingQuery(
            database: database,
            storyCondition: "s.visibility = 'public' AND s.hidden_at IS NULL AND "
                + SQLBlockList.notHidden("s.author_id"),
            keywordCondition: "k.visibility = 'public' AND \(SQLStoryListingQuery.keywordNotHidden) AND "
                + SQLBlockList.notHidden("k.author_id"),
            arguments: [.text(viewerID), .text(viewerID)], list: "bookstories.public", reporter: reporter
        ).stories(matching: filter, page: page, viewerID: viewerID)
    }
}
