import Core
import Time

/// Where profiles are kept: one per user. Insert fails on an existing profile or a taken
/// nickname; update fails on a missing profile. The photo is written only by `setPhoto`:
/// `insert` stores none and `update` keeps the stored one, so saving a nickname never
/// rewrites the JPEGs.
public protocol ProfileRepository: Sendable {
    /// The profile of `userID`, if any, with its photo's sizes and hashes (not its bytes).
    func profile(of userID: String) throws -> Profile?
    /// Whether another user's profile has this nickname, ignoring case.
    func isNicknameTaken(_ nickname: String, byOtherThan userID: String) throws -> Bool
    /// Stores a new profile, without a photo.
    /// - Throws: `profiles.nickname_taken`, `profiles.exists`.
    func insert(_ profile: Profile) throws
    /// Replaces a stored profile's fields, keeping its photo.
    /// - Throws: `profiles.nickname_taken`, `profiles.not_found`.
    func update(_ profile: Profile) throws
    /// Replaces the photo of `userID`'s profile (both JPEGs and their sizes and hashes, in
    /// one statement) and sets its `updatedAt`.
    /// - Throws: `profiles.not_found`.
    func setPhoto(of userID: String, card: ProcessedPhoto.Image, thumbnail: ProcessedPhoto.Image, at updatedAt: Instant)
        throws -> ProfilePhoto
    /// The JPEG bytes of `userID`'s photo in `size`, or nil without a profile or a photo.
    func photoJPEG(of userID: String, size: ProfilePhotoSize) throws -> [UInt8]?
}
