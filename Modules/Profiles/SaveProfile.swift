import Core

/// Creates the acting user's profile, or updates it (keeping its photo).
public struct SaveProfile: Sendable {
    let dependencies: ProfileDependencies

    /// Checks the nickname is free and writes the profile through `dependencies`, in one
    /// transaction.
    public init(_ dependencies: ProfileDependencies) { self.dependencies = dependencies }

    /// The saved profile.
    /// - Throws: `invalid_argument`, `profiles.nickname_taken`.
    public func callAsFunction(nickname: String, dog: Dog, userID: String) throws -> Profile {
        let now = dependencies.clock.now()
        return try dependencies.transactions.transaction {
            if try dependencies.profiles.isNicknameTaken(nickname, byOtherThan: userID) {
                throw ProfileError.nicknameTaken(nickname.trimmingWhitespace)
            }
            if let old = try dependencies.profiles.profile(of: userID) {
                let profile = try Profile(
                    userID: userID, nickname: nickname, dog: dog, photo: old.photo, createdAt: old.createdAt,
                    updatedAt: now)
                try dependencies.profiles.update(profile)
                return profile
            }
            let profile = try Profile(
                userID: userID, nickname: nickname, dog: dog, photo: nil, createdAt: now, updatedAt: now)
            try dependencies.profiles.insert(profile)
            return profile
        }
    }
}
