import Core

/// A profile: the acting user's, or another user's by name or id.
public struct GetProfile: Sendable {
    let dependencies: ProfileDependencies

    /// Reads through `dependencies.profiles` and `dependencies.users`; never writes.
    public init(_ dependencies: ProfileDependencies) { self.dependencies = dependencies }

    /// The acting user's profile.
    /// - Throws: `profiles.not_found`.
    public func mine(userID: String) throws -> (Profile, User) {
        guard let user = try dependencies.users.user(id: userID),
            let profile = try dependencies.profiles.profile(of: userID)
        else { throw ProfileError.yoursNotFound() }
        return (profile, user)
    }

    /// The profile of the user named (or with the id) `reference`.
    /// - Throws: `profiles.not_found` for an unknown user or one without a profile.
    public func of(_ reference: String) throws -> (Profile, User) {
        guard
            let user = try dependencies.users.user(named: reference)
                ?? dependencies.users.user(id: reference.lowercased()),
            let profile = try dependencies.profiles.profile(of: user.id)
        else { throw ProfileError.notFound("'\(reference)'") }
        return (profile, user)
    }
}
