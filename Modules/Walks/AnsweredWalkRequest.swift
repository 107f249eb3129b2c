import Core

/// A walk request as `ManageWalks.answer` left it, with the names of its two people as the
/// answering statement read them, so that showing it reads no names again.
public struct AnsweredWalkRequest: Sendable, Equatable {
    /// The request as stored after the answer.
    public let request: WalkRequest
    /// The user names by id of its sender and recipient (one whose user is gone is left out).
    public let names: [String: String]

    /// `request`, with `names` by user id.
    public init(request: WalkRequest, names: [String: String]) {
        self.request = request
        self.names = names
    }
}
