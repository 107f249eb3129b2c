import Core

/// One read scope of stories, newest first (insertion order breaking ties). Each scope is
/// its own type with its own query (문장모아 v2's lesson: one shared model with a
/// load-type switch raced), so no scope can show what another must hide.
public protocol StoryListing: Sendable {
    /// A page of the scope's stories matching `filter`, as `viewerID` sees them.
    func stories(matching filter: StoryFilter, page: PageRequest, viewerID: String) throws -> [StoryView]
}
