import Core
import Time

/// Walks' part of the inbox's timeouts: a request nobody answered within its 60 seconds is
/// stored `expired` when someone looks (`app.inbox`, or a running loop when one of its
/// user's requests comes due), and its trigger leaves `walks.answered` (answer `expired`,
/// dated at the window's end) in the sender's inbox.
struct WalkTimeouts: InboxTimeouts {
    let store: any WalkStore

    /// Stores `expired` on every request whose window closed by `now`.
    func recordDue(at now: Instant) throws { try store.expirePending(at: now) }

    /// A request sent comes due.
    var writtenBy: Set<String> { ["walks.request"] }

    /// The earliest window end of a pending request `userID` sent.
    func nextDue(for userID: String) throws -> Instant? { try store.nextExpiry(sentBy: userID) }
}
