import Core
import Time

/// A block ends the mate link between the two, both ways, and tells `linkEndHandler` (Walks
/// cancels the pending walk requests between them), inside the block's transaction.
struct EndMateLinkOnBlock: BlockHandler {
    let store: any MateStore
    let linkEndHandler: (any MateLinkEndHandler)?

    func blockStarted(by blockerID: String, blocking blockedID: String, at now: Instant) throws {
        guard try store.unlink(blockerID, blockedID) else { return }
        try linkEndHandler?.mateLinkEnded(between: blockerID, and: blockedID, at: now)
    }
}
