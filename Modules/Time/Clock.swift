/// The app's source of "now" and of the zone that turns it into today.
///
/// Use cases read the clock once per action. Tests and scripts fix it (`--now`,
/// `APP_SHELL_NOW`) and choose the zone (`--tz`, `TZ`). Never use it to measure
/// durations: a fixed clock does not move.
public protocol Clock: Sendable {
    /// The current instant.
    func now() -> Instant
    /// The zone in which instants become local days.
    var timeZone: TimeZoneRules { get }
    /// App seconds that pass in one real second: 1 for the system clock, 0 for a clock that
    /// stands still (`--now`), N for `--clock-speed N`. A timer due `d` seconds of app time
    /// from now sleeps `d / rate` real seconds (never, at 0).
    var rate: Double { get }
    /// Whether `app.loop()` jumps this clock straight to the next due timer or reminder
    /// whenever it has nothing to do (`SteppedClock`), rather than waiting for it.
    var stepsToNextDue: Bool { get }
    /// Moves a clock that `stepsToNextDue` to `instant`; other clocks ignore it.
    func advance(to instant: Instant)
    /// Called once as the script's (or the first chunk's) first line is about to run: a
    /// clock that runs at a multiple of real time (`ScaledClock`) counts from here, not from
    /// the process's start, so a slow start-up does not move what the script first sees.
    func beginRunning()
}

extension Clock {
    /// Real time, unless the clock says otherwise.
    public var rate: Double { 1 }

    /// Only a `SteppedClock` is moved by the loop.
    public var stepsToNextDue: Bool { false }

    /// Only a `SteppedClock` is moved by the loop.
    public func advance(to instant: Instant) {}

    /// Most clocks do not care when the script begins.
    public func beginRunning() {}

    /// Today's calendar day in the clock's zone.
    public func today() -> LocalDay { now().localDay(in: timeZone) }

    /// The day `instant` falls on in the clock's zone.
    public func localDay(of instant: Instant) -> LocalDay { instant.localDay(in: timeZone) }

    /// `instant` as ISO-8601 with the clock zone's offset.
    public func format(_ instant: Instant, milliseconds: Bool = false) -> String {
        instant.iso8601(in: timeZone, milliseconds: milliseconds)
    }
}
