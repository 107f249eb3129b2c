import Core
import Time

/// A user's SniffMeet profile: a nickname and a dog (and, later, a photo).
public struct Profile: Sendable, Equatable {
    /// The longest nickname, in characters (`String.limitLength`).
    public static let maximumNicknameLength = 8
    /// The user it belongs to.
    public let userID: String
    /// The trimmed nickname, 2 to 8 characters, unique among users ignoring case.
    public let nickname: String
    /// The dog the profile presents.
    public let dog: Dog
    /// The photo, once set.
    public let photo: ProfilePhoto?
    /// When it was created.
    public let createdAt: Instant
    /// When it last changed.
    public let updatedAt: Instant

    /// A profile, checked.
    /// - Throws: `invalid_argument` (field `nickname`).
    public init(
        userID: String, nickname: String, dog: Dog, photo: ProfilePhoto?, createdAt: Instant, updatedAt: Instant
    )
        throws
    {
        let trimmed = nickname.keptText
        guard trimmed.count >= 2, trimmed.limitLength <= Self.maximumNicknameLength else {
            throw AppError.invalidArgument(
                "a nickname is 2 to 8 characters, got \(trimmed.limitLength)", field: "nickname")
        }
        self.userID = userID
        self.nickname = trimmed
        self.dog = dog
        self.photo = photo
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The form nicknames are compared in: trimmed, lowercased, NFC.
    public static func folded(_ nickname: String) -> String { nickname.foldedForMatching }
}
