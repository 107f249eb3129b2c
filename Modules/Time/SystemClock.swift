import FoundationEssentials

/// The machine's real-time clock in a chosen zone.
public struct SystemClock: Clock {
    /// The zone in which instants become local days.
    public let timeZone: TimeZoneRules

    /// The system clock in `timeZone`.
    public init(timeZone: TimeZoneRules) { self.timeZone = timeZone }

    /// The current instant, to the millisecond.
    public func now() -> Instant {
        Instant(millisecondsSince1970: Int((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
