import Core
import Storage

/// One user's stories as the viewer may see them: all of them for the user themself, the
/// public ones for anyone else, none when either blocked the other.
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
        let others = " AND s.visibility = 'public' AND s.hidden_at IS NULL AND " + SQLBlockList.notHidden("s.author_id")
        return try SQLStoryListingQuery(
            database: database,
            storyCondition: "s.author_id = ?" + (own ? "" : others),
            keywordCondition: "k.author_id = ?"
                + (own
                    ? ""
                    : " AND k.visibility = 'public' AND \(SQLStoryListingQuery.keywordNotHidden) AND "
                        + SQLBlockList.notHidden("k.author_id")),
            arguments: [.text(ownerID)] + (own ? [] : [.text(viewerID), .text(viewerID)]), list: "bookstories.of",
            reporter: reporter
        ).stories(matching: filter, page: page, viewerID: viewerID)
    }
}
