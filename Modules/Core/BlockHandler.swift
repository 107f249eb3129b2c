import Time

/// What a feature does when one person blocks another, for features Core must not import
/// (Mates ends their mate link, and through it Walks cancels the pending walk requests
/// between them). The feature registers an implementation as `(any BlockHandler).self`;
/// `BlockPeople` calls it inside the transaction that records the block.
public protocol BlockHandler: Sendable {
    /// `blockerID` blocks `blockedID` as of `now`.
    /// - Throws: a storage error, which rolls the block back.
    func blockStarted(by blockerID: String, blocking blockedID: String, at now: Instant) throws
}
