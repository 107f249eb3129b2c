import Core
import Time

/// A request to walk now, at a place, sent to a mate.
public struct WalkRequest: Sendable, Equatable {
    /// How long the recipient has to answer, in seconds (SniffMeet's reply window).
    public static let replyWindow = 60
    /// The longest place name, in characters (`String.limitLength`).
    public static let maximumPlaceNameLength = 100
    /// The longest message, in characters (`String.limitLength`).
    public static let maximumMessageLength = 100
    /// The most requests one sender makes in any 60 seconds (the database counts them).
    public static let maximumPerMinute = 30

    /// A lowercase UUID.
    public let id: String
    /// Who asked.
    public let senderID: String
    /// Who is asked.
    public let recipientID: String
    /// The trimmed message, 1 to 100 characters.
    public let message: String
    /// Latitude, -90...90.
    public let latitude: Double
    /// Longitude, -180...180.
    public let longitude: Double
    /// The place's name, if given.
    public let placeName: String?
    /// The stored status (`pending` until answered).
    public let storedStatus: WalkStatus
    /// When it was made.
    public let createdAt: Instant
    /// When a pending request expires.
    public let expiresAt: Instant
    /// Whether `storedStatus` was judged when the request was read, by the clock of a store
    /// that judges time itself (the database server's): then it is the status, whatever the
    /// clock of the machine that shows it says.
    public let statusJudged: Bool

    /// A request, checked. `statusJudged`: `storedStatus` is already judged against the
    /// window, by a store's own clock.
    /// - Throws: `invalid_argument` (fields `message`, `place.lat`, `place.lng`).
    public init(
        id: String, senderID: String, recipientID: String, message: String, latitude: Double, longitude: Double,
        placeName: String?, storedStatus: WalkStatus, createdAt: Instant, statusJudged: Bool = false
    ) throws {
        let text = message.keptText
        guard !text.isEmpty else { throw AppError.invalidArgument("a walk request needs a message", field: "message") }
        guard text.limitLength <= Self.maximumMessageLength else {
            throw AppError.invalidArgument(
                "the message is at most 100 characters, got \(text.limitLength)", field: "message")
        }
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw AppError.invalidArgument("lat is -90 to 90, got \(latitude)", field: "place.lat")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw AppError.invalidArgument("lng is -180 to 180, got \(longitude)", field: "place.lng")
        }
        self.id = id
        self.senderID = senderID
        self.recipientID = recipientID
        self.message = text
        self.latitude = latitude
        self.longitude = longitude
        self.placeName = placeName?.composed
        self.storedStatus = storedStatus
        self.createdAt = createdAt
        self.expiresAt = createdAt.adding(seconds: Self.replyWindow)
        self.statusJudged = statusJudged
    }

    /// The status as of `now`: a pending request past its window is expired, unless a store
    /// judged it already by its own clock (`statusJudged`): machines' clocks differ, and the
    /// server's says whether it can still be answered.
    public func status(at now: Instant) -> WalkStatus {
        !statusJudged && storedStatus == .pending && now >= expiresAt ? .expired : storedStatus
    }
}
