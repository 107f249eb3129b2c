import Core

/// A walk request as `ManageWalks.request` made it (or found it made, for a call made
/// again), with the user it went to.
public struct SentWalkRequest: Sendable, Equatable {
    /// The request as stored.
    public let request: WalkRequest
    /// Its recipient, nil only for a request found made whose recipient is gone.
    public let recipient: User?

    /// `request`, sent to `recipient`.
    public init(request: WalkRequest, recipient: User?) {
        self.request = request
        self.recipient = recipient
    }
}
