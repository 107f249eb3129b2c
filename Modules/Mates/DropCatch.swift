/// What the server's `mate_catch` answered (a set-up PostgreSQL server judges catches).
public enum DropCatch: Sendable, Equatable {
    /// Caught: the drop, now the catcher's too.
    case caught(dropID: String)
    /// No drop could be caught with that code (wrong, used, expired, one's own, blocked,
    /// mates already): one answer for all, so codes cannot be probed.
    case failed
    /// The catcher has tried too many wrong codes.
    case tooManyAttempts
    /// Too many people of the database have.
    case tooManyAttemptsOnDatabase
}
