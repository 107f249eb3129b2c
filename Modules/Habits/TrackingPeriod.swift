import Core
import Time

/// A run of days on which a habit is tracked: from `start`, to `end` when it was archived.
public struct TrackingPeriod: Sendable, Equatable {
    /// The first tracked day.
    public let start: LocalDay
    /// The last tracked day; nil while the period is open.
    public let end: LocalDay?

    /// A period; nil when it would end before it starts.
    public init?(start: LocalDay, end: LocalDay? = nil) {
        if let end, end < start { return nil }
        self.start = start
        self.end = end
    }

    /// Whether the period has no end yet.
    public var isOpen: Bool { end == nil }

    /// Whether `day` lies inside the period.
    public func contains(_ day: LocalDay) -> Bool {
        day >= start && (end.map { day <= $0 } ?? true)
    }
}
