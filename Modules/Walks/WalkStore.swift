import Core

/// Where walk requests and walk logs are kept. Every answer is one conditional update, so
/// when two people (or processes) answer one request at once exactly one wins.
public protocol WalkStore: Sendable {
    /// Stores a new request.
    func insert(_ request: WalkRequest) throws
    /// The request with this id.
    func request(id: String) throws -> WalkRequest?
    /// Requests to (`incoming`) or from a user, newest first.
    func requests(of userID: String, incoming: Bool) throws -> [WalkRequest]
    /// Moves a pending, unexpired request to `status`; false when it was no longer pending.
    func answer(id: String, with status: WalkStatus, at now: Instant) throws -> Bool
    /// Cancels the pending, unexpired requests between two users, both ways; returns how many.
    @discardableResult
    func cancelPending(between userID: String, and otherID: String, at now: Instant) throws -> Int
    /// Stores a walk log.
    func insert(_ log: WalkLog) throws
    /// A user's walk logs starting in [from, to), oldest first.
    func logs(of userID: String, from: Instant?, to: Instant?) throws -> [WalkLog]
}
