import Time

/// What another feature does when two users stop being mates, for features Mates must not
/// import (Walks cancels the pending walk requests between the two). Core declares it; the
/// feature registers an implementation as `(any MateLinkEndHandler).self`; Mates calls it
/// inside the transaction that removes the link, so both happen or neither does.
public protocol MateLinkEndHandler: Sendable {
    /// `userID` and `otherID` are no longer mates as of `now` (removed or reported).
    /// - Throws: a storage error, which rolls the removal back.
    func mateLinkEnded(between userID: String, and otherID: String, at now: Instant) throws
}
