import Core
import Time

/// Cancels the pending walk requests between two users, both ways, when they stop being
/// mates: a removed or reported mate can no longer accept or be accepted.
public struct CancelWalksOnMateLinkEnd: MateLinkEndHandler {
    let store: any WalkStore

    /// The handler, over the walk requests in `store`.
    public init(store: any WalkStore) { self.store = store }

    /// Cancels every pending, unexpired request from one of the two to the other.
    public func mateLinkEnded(between userID: String, and otherID: String, at now: Instant) throws {
        try store.cancelPending(between: userID, and: otherID, at: now)
    }
}
