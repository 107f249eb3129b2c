import Time

/// Where stories are written. Insert fails on an existing id; update and delete fail on a
/// missing one; an update rewrites the quotes, keywords and theme links in one transaction.
public protocol StoryRepository: Sendable {
    /// The story with this id, whoever wrote it (callers apply visibility).
    func story(id: String) throws -> Story?
    /// The author's name and the viewer-visible themes of a story.
    func view(of story: Story, viewerID: String) throws -> StoryView
    /// Stores a new story.
    func insert(_ story: Story) throws
    /// Replaces a stored story.
    /// - Throws: `bookstories.not_found` when there is none with its id.
    func update(_ story: Story) throws
    /// Removes a story.
    /// - Throws: `bookstories.not_found` when there is none with this id.
    func delete(id: String) throws
    /// Hides stories from everyone but their author (a moderator's action): the one with
    /// `id`, or every story of `authorID`; those hidden already stay as they are.
    /// - Returns: how many were hidden now.
    func hide(id: String?, authorID: String?, at now: Instant) throws -> Int
}
