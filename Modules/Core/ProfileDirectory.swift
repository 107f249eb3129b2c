/// Who a user is to other features (Mates shows a mate's nickname, dog and thumbnail)
/// without importing Profiles: Core declares it, Profiles implements it, the container
/// hands it out.
public protocol ProfileDirectory: Sendable {
    /// The public face of `userID`'s profile, if they have one.
    func entry(for userID: String) throws -> ProfileDirectoryEntry?
    /// The public faces of these users' profiles, by user id, read at once: a user without a
    /// profile, or whose stored profile cannot be read, is left out.
    func entries(for userIDs: some Collection<String>) throws -> [String: ProfileDirectoryEntry]
}
