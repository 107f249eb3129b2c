/// The read models that list stories: the viewer's own, everyone's public ones, and one
/// other user's as the viewer may see them.
public struct StoryListings: Sendable {
    /// The viewer's own stories.
    public let mine: any StoryListing
    /// Everyone's public stories.
    public let everyone: any StoryListing
    /// One user's stories.
    public let ofUser: @Sendable (_ ownerID: String) -> any StoryListing

    /// The three listings, which must read the same database as the stories are written to.
    public init(
        mine: any StoryListing, everyone: any StoryListing,
        ofUser: @escaping @Sendable (_ ownerID: String) -> any StoryListing
    ) {
        self.mine = mine
        self.everyone = everyone
        self.ofUser = ofUser
    }
}
