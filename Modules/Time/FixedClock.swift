import Synchronization

/// A clock that says what it is told: for tests and for `--now`.
///
/// It stands still unless moved with `advance(by:)` or `set(_:)`, so a test can cross
/// the 60-second walk-request edge or midnight exactly.
public final class FixedClock: Clock {
    private let instant: Mutex<Instant>
    /// The zone in which instants become local days.
    public let timeZone: TimeZoneRules

    /// A clock stopped at `instant` in `timeZone`.
    public init(_ instant: Instant, timeZone: TimeZoneRules = .utc) {
        self.instant = Mutex(instant)
        self.timeZone = timeZone
    }

    /// 0: the clock moves only when told to.
    public var rate: Double { 0 }

    /// The instant the clock was set to.
    public func now() -> Instant { instant.withLock { $0 } }

    /// Moves the clock forward (or back, when negative) by `milliseconds`.
    public func advance(milliseconds: Int) {
        instant.withLock { $0 = $0.adding(milliseconds: milliseconds) }
    }

    /// Moves the clock forward by `seconds`.
    public func advance(seconds: Int) { advance(milliseconds: seconds * 1000) }

    /// Sets the clock to `newInstant`.
    public func set(_ newInstant: Instant) { instant.withLock { $0 = newInstant } }
}
