import Core

/// The three read scopes: mine, everyone's public, one user's. Each goes to its own read
/// model; a theme filter must name a theme the viewer may see.
public struct ListStories: Sendable {
    let dependencies: BookStoryDependencies

    /// Reads through the three listings of `dependencies` (and its users, for `of`); never writes.
    public init(_ dependencies: BookStoryDependencies) { self.dependencies = dependencies }

    /// The acting user's stories, private included.
    public func mine(_ filter: StoryFilter, _ page: PageRequest, viewerID: String) throws -> [StoryView] {
        try checkTheme(filter, viewerID: viewerID)
        return try dependencies.mine.stories(matching: filter, page: page, viewerID: viewerID)
    }

    /// Every user's public stories.
    public func everyone(_ filter: StoryFilter, _ page: PageRequest, viewerID: String) throws -> [StoryView] {
        try checkTheme(filter, viewerID: viewerID)
        return try dependencies.everyone.stories(matching: filter, page: page, viewerID: viewerID)
    }

    /// The stories of the user named (or with the id) `user` that the viewer may see.
    /// - Throws: `bookstories.user_not_found`.
    public func of(_ user: String, _ filter: StoryFilter, _ page: PageRequest, viewerID: String) throws -> [StoryView] {
        guard let owner = try dependencies.users.user(named: user) ?? dependencies.users.user(id: user.lowercased())
        else { throw BookStoryError.userNotFound(user) }
        try checkTheme(filter, viewerID: viewerID)
        return try dependencies.ofUser(owner.id).stories(matching: filter, page: page, viewerID: viewerID)
    }

    private func checkTheme(_ filter: StoryFilter, viewerID: String) throws {
        if let theme = filter.themeID { _ = try dependencies.visibleTheme(theme, viewerID: viewerID, field: "theme") }
    }
}
