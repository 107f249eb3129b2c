import Core
import Time

/// Where invites, attempts, mate links and reports are kept.
public protocol MateStore: Sendable {
    /// Stores a new invite.
    func insertInvite(code: String, inviterID: String, createdAt: Instant, expiresAt: Instant) throws
    /// The inviter and expiry of an unused invite.
    func unusedInvite(code: String) throws -> (inviterID: String, expiresAt: Instant)?
    /// Marks an invite used by `userID`; false when someone used it first.
    func useInvite(code: String, by userID: String) throws -> Bool
    /// Records a wrong code.
    func recordAttempt(by userID: String, at instant: Instant) throws
    /// Wrong codes by `userID` at or after `since`.
    func attempts(by userID: String, since: Instant) throws -> Int
    /// How many users of this database tried wrong codes at or after `since`.
    func attemptingUsers(since: Instant) throws -> Int
    /// Links two users both ways.
    func link(_ userID: String, _ otherID: String, since: Instant) throws
    /// Unlinks two users both ways; false when they were not linked.
    func unlink(_ userID: String, _ otherID: String) throws -> Bool
    /// Whether two users are linked.
    func areMates(_ userID: String, _ otherID: String) throws -> Bool
    /// The mates of `userID` with when each link began.
    func mates(of userID: String) throws -> [(mateID: String, since: Instant)]
    /// Draws a new invite code of `userID`'s inside the database, where the database keeps
    /// the rules itself (`mate_invite` on a set-up PostgreSQL server, so that no member learns
    /// from a duplicate which codes exist); nil when the use case draws it.
    func drawInvite(for userID: String) throws -> (code: String, expiresAt: Instant)?
    /// Joins `userID` to a code's inviter inside the database, where the database keeps
    /// the rules itself (PostgreSQL set up by `admin.setup()`: `mate_join`, which sees the
    /// invites a member may not read); nil when the store has no such function and the
    /// use case applies the rules.
    func redeemInvite(code: String, by userID: String) throws -> InviteRedemption?
    /// Stores a report.
    func insertReport(reporterID: String, reportedID: String, reason: String, message: String?, at: Instant) throws
}
