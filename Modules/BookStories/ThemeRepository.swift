/// Where themes are kept.
public protocol ThemeRepository: Sendable {
    /// The theme with this id, whoever owns it (callers apply visibility).
    func theme(id: String) throws -> Theme?
    /// The themes of `ownerID`, oldest first; private ones only when `includePrivate`.
    func themes(ownedBy ownerID: String, includePrivate: Bool) throws -> [Theme]
    /// Stores a new theme.
    func insert(_ theme: Theme) throws
    /// Replaces a stored theme.
    /// - Throws: `bookstories.not_found` when there is none with its id.
    func update(_ theme: Theme) throws
    /// Removes a theme (its links to stories go with it).
    /// - Throws: `bookstories.not_found` when there is none with this id.
    func delete(id: String) throws
}
