/// What joining by invite code inside the database came to (`MateStore.redeemInvite`).
public enum InviteRedemption: Sendable, Equatable {
    /// Linked to the code's inviter.
    case joined(inviterID: String)
    /// The one answer for every failure (no such code, used, expired, one's own, mates
    /// already), so codes cannot be probed; it counts as a wrong code.
    case failed
    /// This member tried too many wrong codes lately.
    case tooManyAttempts
    /// Everyone together tried too many wrong codes lately.
    case tooManyAttemptsOnDatabase
}
