import Synchronization

/// A clock that starts at a chosen instant and runs at a multiple of real time
/// (`--now T --clock-speed N`), so that a day of timers passes in seconds in a test.
///
/// It reads the monotonic clock, never the wall clock: setting the machine's time does
/// not move it. At rate 1 it is a real clock that started at `start`. app-shell makes it
/// waiting and starts it as the script begins (`beginRunning`), so a slow start-up does
/// not move what the script's first line sees; until then it shows `start`.
public final class ScaledClock: Clock, Sendable {
    /// The fastest rate accepted (`--clock-speed`): a million times real time, a day in
    /// about 0.09 s.
    public static let maximumRate: Double = 1_000_000
    /// The slowest rate accepted: a thousandth of real time.
    public static let minimumRate: Double = 0.001

    /// The instant the clock showed when it was made.
    public let start: Instant
    /// App seconds per real second.
    public let rate: Double
    /// The zone in which instants become local days.
    public let timeZone: TimeZoneRules
    /// When the clock began to run; nil while it waits for `beginRunning`.
    private let origin: Mutex<ContinuousClock.Instant?>

    /// A clock showing `start` now and moving `rate` times as fast as real time.
    /// - Throws: `TimeError` (field `clock_speed`) for a rate outside
    ///   `minimumRate...maximumRate` (or not a number).
    /// - Parameter running: whether it runs from now; false, it shows `start` until
    ///   `beginRunning`.
    public init(start: Instant, rate: Double, timeZone: TimeZoneRules, running: Bool = true) throws {
        guard rate >= Self.minimumRate, rate <= Self.maximumRate else {
            throw TimeError(
                "the clock speed must be from \(Self.minimumRate) to \(Int(Self.maximumRate)) times real time, got \(rate)",
                field: "clock_speed")
        }
        self.start = start
        self.rate = rate
        self.timeZone = timeZone
        origin = Mutex(running ? ContinuousClock.now : nil)
    }

    /// Starts the clock running from `start` now, if it has not started yet.
    public func beginRunning() {
        origin.withLock { if $0 == nil { $0 = ContinuousClock.now } }
    }

    /// `start` plus the real time since the clock began to run, times `rate`, to the
    /// millisecond; `start` while it waits.
    public func now() -> Instant {
        guard let began = origin.withLock({ $0 }) else { return start }
        let elapsed = began.duration(to: ContinuousClock.now).components
        let milliseconds = (Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15) * rate
        return start.adding(milliseconds: Int(milliseconds.rounded(.down)))
    }
}
