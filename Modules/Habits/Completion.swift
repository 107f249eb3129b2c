import Core
import Time

/// A record that a habit was done on a local day. It has no rules of its own: the use
/// cases check the day against the habit (not before the start, not in the future, one a
/// day). Its id identifies it; (habit, day) is only a lookup key.
public struct Completion: Sendable, Equatable {
    /// A lowercase UUID.
    public let id: String
    /// The habit it belongs to.
    public let habitID: String
    /// The day the habit was done.
    public let completedOn: LocalDay
    /// When it was recorded.
    public let recordedAt: Instant

    /// A completion of `habitID` on `completedOn`, recorded at `recordedAt`; use cases check the day.
    public init(id: String, habitID: String, completedOn: LocalDay, recordedAt: Instant) {
        self.id = id
        self.habitID = habitID
        self.completedOn = completedOn
        self.recordedAt = recordedAt
    }
}
