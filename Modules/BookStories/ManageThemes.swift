import Core

/// Creates, changes, deletes and lists themes; only the owner changes or deletes one.
public struct ManageThemes: Sendable {
    let dependencies: BookStoryDependencies

    /// Works on `dependencies.themes`; an update or a delete checks ownership and writes in one
    /// transaction.
    public init(_ dependencies: BookStoryDependencies) { self.dependencies = dependencies }

    /// A new theme (private unless asked otherwise).
    /// - Throws: `invalid_argument`.
    public func create(_ draft: ThemeDraft, ownerID: String) throws -> Theme {
        let now = dependencies.clock.now()
        let theme = try Theme(
            id: Identifier.random(), ownerID: ownerID, name: draft.name ?? "", description: draft.description,
            visibility: draft.visibility ?? .private, createdAt: now, updatedAt: now)
        try dependencies.themes.insert(theme)
        return theme
    }

    /// The changed theme.
    /// - Throws: `bookstories.not_found`, `forbidden`, `invalid_argument`.
    public func update(_ id: String, _ draft: ThemeDraft, viewerID: String) throws -> Theme {
        let now = dependencies.clock.now()
        return try dependencies.transactions.transaction {
            let old = try dependencies.ownTheme(id, viewerID: viewerID)
            let theme = try Theme(
                id: old.id, ownerID: old.ownerID, name: draft.name ?? old.name,
                description: draft.description ?? old.description, visibility: draft.visibility ?? old.visibility,
                createdAt: old.createdAt, updatedAt: now)
            try dependencies.themes.update(theme)
            return theme
        }
    }

    /// Deletes a theme; its stories stay, without it.
    /// - Throws: `bookstories.not_found`, `forbidden`.
    public func delete(_ id: String, viewerID: String) throws {
        try dependencies.transactions.transaction {
            try dependencies.themes.delete(id: try dependencies.ownTheme(id, viewerID: viewerID).id)
        }
    }

    /// The themes of `user` (the viewer when nil) that the viewer may see, oldest first.
    /// - Throws: `bookstories.user_not_found`.
    public func list(user: String?, viewerID: String) throws -> [Theme] {
        var ownerID = viewerID
        if let user {
            guard let owner = try dependencies.users.user(named: user) ?? dependencies.users.user(id: user.lowercased())
            else { throw BookStoryError.userNotFound(user) }
            ownerID = owner.id
        }
        // Someone the viewer blocked, or who blocked them, has no themes for them.
        guard try ownerID == viewerID || !dependencies.blocks.hiddenPeople(for: viewerID).contains(ownerID) else {
            return []
        }
        return try dependencies.themes.themes(ownedBy: ownerID, includePrivate: ownerID == viewerID)
    }
}
