/// The two files of a profile photo: the 392 x 591 card and the 100 x 100 thumbnail.
public struct ProfilePhoto: Sendable, Equatable {
    /// The card's path.
    public let cardPath: String
    /// The thumbnail's path.
    public let thumbnailPath: String

    /// A photo.
    public init(cardPath: String, thumbnailPath: String) {
        self.cardPath = cardPath
        self.thumbnailPath = thumbnailPath
    }
}
