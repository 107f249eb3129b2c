import Core
import Storage

/// One user's stories as the viewer may see them: all of them for the user themself, the
/// public ones for anyone else.
public struct SQLUserStories: StoryListing {
    private let database: any Database
    private let reporter: any SkippedRowReporter
    private let ownerID: String

    /// The read model of `ownerID`'s stories over `database`; a story row that cannot be
    /// read is left out and told to `reporter`.
    public init(
        database: any Database, ownerID: String, reporter: any SkippedRowReporter = StandardErrorSkippedRowReporter()
    ) {
        self.database = database
        self.ownerID = ownerID
        self.reporter = reporter
    }

    /// A page of the owner's stories visible to the viewer.
    public func stories(matching filter: StoryFilter, page: PageRequest, viewerID: String) throws -> [StoryView] {
        let own = ownerID == viewerID
        return try SQLStoryListingQuery(
            database: database,
            storyCondition: own ? "s.author_id = ?" : "s.author_id = ? AND s.visibility = 'public'",
            keywordCondition: own ? "k.author_id = ?" : "k.author_id = ? AND k.visibility = 'public'",
            arguments: [.text(ownerID)], list: "bookstories.of", reporter: reporter
        ).stories(matching: filter, page: page, viewerID: viewerID)
    }
}
