import Core
import Time

extension MateStore {
    /// The wrong-code limits a join by invite and a catch of a drop share (one budget of
    /// guesses, the same `mate_attempts`): `ManageMates.attemptLimit` wrong codes of
    /// `userID`'s in `ManageMates.attemptWindow`, and once `ManageMates.databaseAttemptUsers`
    /// people have tried wrong codes, none for someone with none of their own. The Swift
    /// twin of the server's `RowSecurity.attemptGuard`; call it inside the transaction that
    /// records the attempt.
    /// - Throws: `mates.too_many_attempts`.
    func checkWrongCodeLimits(for userID: String, at now: Instant) throws {
        let since = now.adding(seconds: -ManageMates.attemptWindow)
        let own = try attempts(by: userID, since: since)
        guard own < ManageMates.attemptLimit else { throw MateError.tooManyAttempts }
        if own == 0, try attemptingUsers(since: since) >= ManageMates.databaseAttemptUsers {
            throw MateError.tooManyAttemptsOnDatabase
        }
    }
}
