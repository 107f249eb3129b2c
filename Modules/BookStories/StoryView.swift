/// A story as one viewer sees it: with its author's name, and with only the themes that
/// viewer may see (another user's private theme never shows, not even as an id).
public struct StoryView: Sendable, Equatable {
    /// The story, with every theme id (only `visibleThemeIDs` may be shown).
    public let story: Story
    /// The author's user name.
    public let authorName: String
    /// The ids of the story's themes the viewer may see.
    public let visibleThemeIDs: [String]

    /// A story as one viewer sees it: `visibleThemeIDs` are the themes that viewer may see.
    public init(story: Story, authorName: String, visibleThemeIDs: [String]) {
        self.story = story
        self.authorName = authorName
        self.visibleThemeIDs = visibleThemeIDs
    }
}
