import Core
import Time

/// What the BookStories use cases work with. Registered once by the plugin.
public struct BookStoryDependencies: Sendable {
    /// Stories, write side.
    public let stories: any StoryRepository
    /// Themes, the author's own and others' visible ones.
    public let themes: any ThemeRepository
    /// Review history.
    public let reviews: any ReviewRepository
    /// Comments and replies.
    public let comments: any CommentRepository
    /// Who keeps whom away: a story or comment of someone hidden from the viewer does not
    /// exist for them.
    public let blocks: any BlockList
    /// The acting user's stories, private included.
    public let mine: any StoryListing
    /// Every user's public stories.
    public let everyone: any StoryListing
    /// One user's stories as a viewer may see them.
    public let ofUser: @Sendable (_ ownerID: String) -> any StoryListing
    /// Users, to find the owner named in `bookstories.of`.
    public let users: any UserRepository
    /// Makes multi-row changes atomic.
    public let transactions: any TransactionRunner
    /// The app clock.
    public let clock: any Clock

    /// The repositories must write through the database `transactions` runs on, or a use
    /// case's writes are not one transaction.
    public init(
        stories: any StoryRepository, themes: any ThemeRepository, reviews: any ReviewRepository,
        comments: any CommentRepository, blocks: any BlockList, mine: any StoryListing, everyone: any StoryListing,
        ofUser: @escaping @Sendable (String) -> any StoryListing,
        users: any UserRepository, transactions: any TransactionRunner, clock: any Clock
    ) {
        self.stories = stories
        self.themes = themes
        self.reviews = reviews
        self.comments = comments
        self.blocks = blocks
        self.mine = mine
        self.everyone = everyone
        self.ofUser = ofUser
        self.users = users
        self.transactions = transactions
        self.clock = clock
    }

    /// The story `id` as `viewerID` may see it: another user's private or hidden story, or a
    /// story of someone the viewer blocked or who blocked them, does not exist.
    /// - Throws: `bookstories.not_found`.
    func visibleStory(_ id: String, viewerID: String, field: String = "id") throws -> Story {
        guard let story = try stories.story(id: id.lowercased()),
            try story.authorID == viewerID
                || (story.visibility == .public && story.hiddenAt == nil
                    && !blocks.hiddenPeople(for: viewerID).contains(story.authorID))
        else { throw BookStoryError.storyNotFound(id, field: field) }
        return story
    }

    /// The comment `id` when the viewer may read its story and neither its author nor the
    /// viewer blocked the other.
    /// - Throws: `bookstories.not_found` (naming `field`).
    func visibleComment(_ id: String, viewerID: String, field: String = "id") throws -> Comment {
        guard let comment = try comments.comment(id: id.lowercased()),
            try comment.authorID == viewerID
                || (comment.hiddenAt == nil && !blocks.hiddenPeople(for: viewerID).contains(comment.authorID))
        else { throw BookStoryError.commentNotFound(id, field: field) }
        do {
            _ = try visibleStory(comment.storyID, viewerID: viewerID)
        } catch let error as AppError where error.code == "bookstories.not_found" {
            throw BookStoryError.commentNotFound(id, field: field)
        }
        return comment
    }

    /// The story `id` when `viewerID` wrote it.
    /// - Throws: `bookstories.not_found` when invisible to them, `forbidden` when visible but not theirs.
    func ownStory(_ id: String, viewerID: String) throws -> Story {
        let story = try visibleStory(id, viewerID: viewerID)
        guard story.authorID == viewerID else { throw BookStoryError.notAuthor("story") }
        return story
    }

    /// The theme `id` as `viewerID` may see it.
    /// - Throws: `bookstories.not_found`.
    func visibleTheme(_ id: String, viewerID: String, field: String = "id") throws -> Theme {
        guard let theme = try themes.theme(id: id.lowercased()),
            theme.ownerID == viewerID || theme.visibility == .public
        else { throw BookStoryError.themeNotFound(id, field: field) }
        return theme
    }

    /// The theme `id` when `viewerID` owns it.
    /// - Throws: `bookstories.not_found`, `forbidden`.
    func ownTheme(_ id: String, viewerID: String) throws -> Theme {
        let theme = try visibleTheme(id, viewerID: viewerID)
        guard theme.ownerID == viewerID else { throw BookStoryError.notAuthor("theme") }
        return theme
    }

    /// The view its author has of a story just written: every theme is the author's own,
    /// so nothing needs reading back but the author's name.
    func authorView(of story: Story) throws -> StoryView {
        guard let author = try users.user(id: story.authorID) else {
            throw AppError.internal("the author \(story.authorID) of a story is not a user")
        }
        return StoryView(story: story, authorName: author.name, visibleThemeIDs: story.themeIDs)
    }

    /// Checks that every id names a theme of `authorID`'s, and returns them lowercased.
    /// - Throws: `invalid_argument` (field `themes`).
    func checkedThemeIDs(_ ids: [String], authorID: String) throws -> [String] {
        try ids.map { id in
            guard let theme = try themes.theme(id: id.lowercased()), theme.ownerID == authorID else {
                throw AppError.invalidArgument("'\(id)' is not one of your themes", field: "themes")
            }
            return theme.id
        }
    }
}
