import Core
import Time

/// A mate as `mates.list` shows them: never the card, only the thumbnail.
public struct Mate: Sendable, Equatable {
    /// The mate's user id.
    public let userID: String
    /// The mate's user name.
    public let userName: String
    /// Their nickname.
    public let nickname: String
    /// Their dog's name.
    public let dogName: String
    /// Their dog's keywords.
    public let dogKeywords: [String]
    /// The 100 x 100 thumbnail's size and hash, when they have a photo.
    public let thumbnail: StoredImage?
    /// When you became mates.
    public let since: Instant

    /// A mate from their user and the public face of their profile, mates since `since`.
    init(user: User, entry: ProfileDirectoryEntry, since: Instant) {
        userID = user.id
        userName = user.name
        nickname = entry.nickname
        dogName = entry.dogName
        dogKeywords = entry.dogKeywords
        thumbnail = entry.thumbnail
        self.since = since
    }

    /// The contract's record.
    func value(in zone: TimeZoneRules) -> Value {
        .table(
            Record([
                ("user_id", .string(userID)), ("user_name", .string(userName)), ("nickname", .string(nickname)),
                ("dog_name", .string(dogName)), ("dog_keywords", .array(dogKeywords.map(Value.string))),
                ("thumbnail", thumbnail?.value ?? .null), ("since", .string(since.iso8601(in: zone))),
            ]))
    }
}
