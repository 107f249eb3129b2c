import Core

/// The JPEG bytes of a user's photo. Every user may read every user's card and thumbnail,
/// as `profiles.get` shows every profile to every user: the thumbnail is shown in mate
/// lists, the card on a profile page.
public struct GetProfilePhoto: Sendable {
    let dependencies: ProfileDependencies

    /// Reads through `dependencies.profiles` and `dependencies.users`; never writes.
    public init(_ dependencies: ProfileDependencies) { self.dependencies = dependencies }

    /// The JPEG of the photo of the user named (or with the id) `reference`, or of the
    /// acting user when `reference` is nil; nil when that profile has no photo.
    /// - Throws: `profiles.not_found` for an unknown user or one without a profile.
    public func callAsFunction(_ reference: String?, size: ProfilePhotoSize, userID: String) throws -> [UInt8]? {
        let (profile, _) =
            try reference.map { try GetProfile(dependencies).of($0) }
            ?? GetProfile(dependencies).mine(userID: userID)
        guard profile.photo != nil else { return nil }
        return try dependencies.profiles.photoJPEG(of: profile.userID, size: size)
    }
}
