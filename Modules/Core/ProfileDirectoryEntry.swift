/// What other features may know of a profile: never the card photo, only the thumbnail.
public struct ProfileDirectoryEntry: Sendable, Equatable {
    /// The id of the user whose profile this is.
    public let userID: String
    /// The profile's nickname, unique among users ignoring case.
    public let nickname: String
    /// The dog's name.
    public let dogName: String
    /// The dog's keywords.
    public let dogKeywords: [String]
    /// The 100 x 100 thumbnail's size and hash, once a photo is set (its bytes:
    /// `profiles.photo{user =, size = "thumbnail"}`).
    public let thumbnail: StoredImage?

    /// An entry of profile values already stored.
    public init(userID: String, nickname: String, dogName: String, dogKeywords: [String], thumbnail: StoredImage?) {
        self.userID = userID
        self.nickname = nickname
        self.dogName = dogName
        self.dogKeywords = dogKeywords
        self.thumbnail = thumbnail
    }
}
