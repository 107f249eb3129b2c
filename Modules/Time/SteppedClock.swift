import Synchronization

/// A clock that moves only when `app.loop()` moves it (`--now T --clock-speed instant`):
/// whenever the loop has nothing to do, it jumps straight to the next timer or reminder
/// that is due, as an event-driven test scheduler does. A month of timers runs in well
/// under a second and gives the same output on a loaded machine as on an idle one; outside
/// a loop the clock stands still, as `--now` alone does.
public final class SteppedClock: Clock, Sendable {
    /// The zone in which instants become local days.
    public let timeZone: TimeZoneRules
    private let current: Mutex<Instant>

    /// A clock showing `start` until the loop moves it.
    public init(start: Instant, timeZone: TimeZoneRules) {
        self.timeZone = timeZone
        current = Mutex(start)
    }

    /// The instant the loop last moved the clock to (or the start).
    public func now() -> Instant { current.withLock { $0 } }

    /// It never moves on its own.
    public var rate: Double { 0 }

    /// Whether the loop jumps it to what is due next.
    public var stepsToNextDue: Bool { true }

    /// Moves the clock to `instant`; never backwards (an earlier instant leaves it as it is).
    public func advance(to instant: Instant) {
        current.withLock { if instant > $0 { $0 = instant } }
    }
}
