import Core
import Time

/// A range of days a habit is paused (a vacation): neither eligible nor missed.
public struct HabitPause: Sendable, Equatable {
    /// The first paused day.
    public let from: LocalDay
    /// The last paused day (at least `from`).
    public let to: LocalDay

    /// A pause; nil when it would end before it starts.
    public init?(from: LocalDay, to: LocalDay) {
        guard from <= to else { return nil }
        self.from = from
        self.to = to
    }

    /// Whether `day` is paused.
    public func contains(_ day: LocalDay) -> Bool { day >= from && day <= to }
}
