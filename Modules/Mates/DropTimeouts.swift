import Core
import Time

/// Mates' part of the inbox's timeouts: a drop whose 30 seconds ended before it finished
/// is stored `expired` when someone looks, and its trigger tells its people (`mates.drop`,
/// state `cannot_find_peer` when nobody caught it, `failure` otherwise).
struct DropTimeouts: InboxTimeouts {
    let store: any MateDropStore

    /// Stores `expired` on every live drop past its end.
    func recordDue(at now: Instant) throws { try store.expire(at: now) }

    /// A drop made or caught comes due.
    var writtenBy: Set<String> { ["mates.drop", "mates.catch"] }

    /// The earliest end of a live drop `userID` is in.
    func nextDue(for userID: String) throws -> Instant? { try store.nextExpiry(for: userID) }
}
