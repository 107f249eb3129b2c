import Core

/// What is known of a profile photo without reading its JPEGs: the 392 x 591 card's and the
/// 100 x 100 thumbnail's size and content hash. The bytes live in the database beside the
/// profile (`ProfileRepository.photoJPEG`).
public struct ProfilePhoto: Sendable, Equatable {
    /// The card.
    public let card: StoredImage
    /// The thumbnail.
    public let thumbnail: StoredImage

    /// A photo.
    public init(card: StoredImage, thumbnail: StoredImage) {
        self.card = card
        self.thumbnail = thumbnail
    }
}
