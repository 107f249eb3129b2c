/// Where profiles are kept: one per user. Insert fails on an existing profile or a taken
/// nickname; update fails on a missing profile.
public protocol ProfileRepository: Sendable {
    /// The profile of `userID`, if any.
    func profile(of userID: String) throws -> Profile?
    /// Whether another user's profile has this nickname, ignoring case.
    func isNicknameTaken(_ nickname: String, byOtherThan userID: String) throws -> Bool
    /// Stores a new profile.
    /// - Throws: `profiles.nickname_taken`, `profiles.exists`.
    func insert(_ profile: Profile) throws
    /// Replaces a stored profile.
    /// - Throws: `profiles.nickname_taken`, `profiles.not_found`.
    func update(_ profile: Profile) throws
}
