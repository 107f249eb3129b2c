/// Where a drop is, as stored: waiting to be caught, caught (both confirming), finished
/// (mates), cancelled, or expired (its 30 seconds passed first).
public enum DropStatus: String, Sendable, CaseIterable {
    /// Made; nobody has caught it.
    case waiting
    /// Caught; the two confirm.
    case caught
    /// Both confirmed: they are mates.
    case finished
    /// One of the two cancelled it.
    case cancelled
    /// Its 30 seconds passed before it finished.
    case expired
}
