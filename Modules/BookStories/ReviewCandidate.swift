import Core
import Time

/// A story that may be resurfaced, with its history.
public struct ReviewCandidate: Sendable, Equatable {
    /// The story's id.
    public let storyID: String
    /// How many days it was shown before.
    public let timesShown: Int
    /// The last day it was shown, if ever.
    public let lastShown: LocalDay?

    /// A candidate with its review history (`lastShown` nil when never shown).
    public init(storyID: String, timesShown: Int, lastShown: LocalDay?) {
        self.storyID = storyID
        self.timesShown = timesShown
        self.lastShown = lastShown
    }
}
