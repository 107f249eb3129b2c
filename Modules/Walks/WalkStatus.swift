/// Where a walk request stands. Accepted, declined, cancelled and expired are final.
public enum WalkStatus: String, Sendable, CaseIterable {
    /// Waiting for the recipient, for 60 seconds.
    case pending
    /// The recipient said yes.
    case accepted
    /// The recipient said no.
    case declined
    /// The sender withdrew it.
    case cancelled
    /// Nobody answered within 60 seconds: judged when read, and stored once someone looks
    /// at an inbox (`app.inbox`, a running loop), which tells the sender.
    case expired
}
