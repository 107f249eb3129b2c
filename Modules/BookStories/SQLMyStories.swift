import Core
import Storage

/// The acting user's stories, private included.
public struct SQLMyStories: StoryListing {
    private let database: any Database
    private let reporter: any SkippedRowReporter

    /// The read model over `database`; a story row that cannot be read is left out and told
    /// to `reporter`.
    public init(database: any Database, reporter: any SkippedRowReporter = StandardErrorSkippedRowReporter()) {
        self.database = database
        self.reporter = reporter
    }

    /// A page of the viewer's own stories.
    public func stories(matching filter: StoryFilter, page: PageRequest, viewerID: String) throws -> [StoryView] {
        try SQLStoryListingQuery(
            database: database, storyCondition: "s.author_id = ?", keywordCondition: "k.author_id = ?",
            arguments: [.text(viewerID)], list: "bookstories.mine", reporter: reporter
        ).stories(matching: filter, page: page, viewerID: viewerID)
    }
}
