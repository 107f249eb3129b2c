/// Which of a profile photo's two JPEGs (`profiles.photo{size =}`).
public enum ProfilePhotoSize: String, Sendable, CaseIterable {
    /// The 392 x 591 card.
    case card
    /// The 100 x 100 thumbnail.
    case thumbnail
}
