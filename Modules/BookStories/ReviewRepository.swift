import Core
import Time

/// What `bookstories.review` showed whom, day by day.
public protocol ReviewRepository: Sendable {
    /// The stories picked for `userID` on `day`, in order.
    func picks(for userID: String, on day: LocalDay) throws -> [String]
    /// Every story of `userID` not picked on `day`, with how often and when it was shown before.
    func candidates(for userID: String, excludingPicksOn day: LocalDay) throws -> [ReviewCandidate]
    /// Records more picks for `userID` on `day`, after the ones already recorded.
    func record(_ storyIDs: [String], for userID: String, on day: LocalDay) throws
}
