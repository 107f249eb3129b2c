import Time

/// Events other people's actions left for a user, kept until read: what a script started
/// later still sees (`app.inbox`), and what a running `app.loop()` hands its `app.on` hooks.
/// Core declares it; Storage implements it over the `inbox` table, which only the database
/// writes and only the recipient reads.
public protocol Inbox: Sendable {
    /// User `userID`'s entries, oldest first: those numbered above `after` and at or after
    /// `since`, at most `limit`.
    func entries(of userID: String, after: Int?, since: Instant?, limit: Int) throws -> [InboxEntry]
    /// Whether some entry of `userID` has not been handed to a loop yet (one cheap read).
    func hasUndelivered(for userID: String) throws -> Bool
    /// Takes up to `limit` of `userID`'s entries no loop has been handed yet, oldest first,
    /// and marks them delivered at `now` by `claim` (a token the caller chose for this claim
    /// alone), in one statement: of two loops of one user, each entry goes to exactly one,
    /// and none comes again on the next start.
    func claimUndelivered(of userID: String, at now: Instant, limit: Int, claim: String) throws -> [InboxEntry]
    /// The entries of `userID` that claim `claim` took, oldest first: what a claim whose
    /// answer was lost with its connection (after the server committed it) handed to no loop.
    func claimed(of userID: String, by claim: String) throws -> [InboxEntry]
}
