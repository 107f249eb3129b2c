import Time

/// A profile drop: the in-person way to become mates. One person drops (a code and its QR
/// code, alive 30 seconds), the person standing there catches it by the code, both see the
/// same few words, and both confirm within the 30 seconds.
public struct MateDrop: Sendable, Equatable {
    /// A lowercase UUID.
    public let id: String
    /// The code the catcher types or scans (`InviteCode`'s alphabet and length).
    public let code: String
    /// Who dropped it.
    public let dropperID: String
    /// Who caught it, once someone has.
    public let catcherID: String?
    /// The words both compare, once caught.
    public let words: String?
    /// Its status as stored (judged by the database's clock on a set-up server).
    public let status: DropStatus
    /// When it was made.
    public let createdAt: Instant
    /// When its 30 seconds end.
    public let expiresAt: Instant
    /// When the dropper confirmed.
    public let dropperConfirmedAt: Instant?
    /// When the catcher confirmed.
    public let catcherConfirmedAt: Instant?

    /// A drop as stored.
    public init(
        id: String, code: String, dropperID: String, catcherID: String?, words: String?, status: DropStatus,
        createdAt: Instant, expiresAt: Instant, dropperConfirmedAt: Instant?, catcherConfirmedAt: Instant?
    ) {
        self.id = id
        self.code = code
        self.dropperID = dropperID
        self.catcherID = catcherID
        self.words = words
        self.status = status
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.dropperConfirmedAt = dropperConfirmedAt
        self.catcherConfirmedAt = catcherConfirmedAt
    }

    /// Its state at `now`: a waiting or caught drop past its 30 seconds has ended, whether
    /// or not that was stored yet.
    public func state(at now: Instant) -> DropState {
        switch status {
        case .finished: return .finished
        case .cancelled: return .failure
        case .expired: return catcherID == nil ? .cannotFindPeer : .failure
        case .waiting: return now < expiresAt ? .connecting : .cannotFindPeer
        case .caught: return now < expiresAt ? .success : .failure
        }
    }

    /// Whether `userID` is one of its two people.
    public func involves(_ userID: String) -> Bool { dropperID == userID || catcherID == userID }

    /// Whether `userID` has confirmed.
    public func confirmed(by userID: String) -> Bool {
        (dropperID == userID && dropperConfirmedAt != nil) || (catcherID == userID && catcherConfirmedAt != nil)
    }
}
