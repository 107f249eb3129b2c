import Core

/// What is known of a profile photo without reading its JPEGs: the 392 x 591 card's and the
/// 100 x 100 thumbnail's size and content hash. The bytes live in the database beside the
/// profile (`ProfileRepository.photoJPEG`).
public struct ProfilePhoto: Sendable, Equatable {
    /// The card, 392 x 591, as stored.
    public let card: StoredImage
    /// The thumbnail, 100 x 100, as stored.
    public let thumbnail: StoredImage

    /// The stored card and thumbnail of a profile.
    public init(card: StoredImage, thumbnail: StoredImage) {
        self.card = card
        self.thumbnail = thumbnail
    }
}
