import Time

/// When a timer of `app.every` or `app.after` fires.
public enum TimerRule: Sendable, Equatable {
    /// Every so many milliseconds of app time, on a grid from the moment it was set.
    case every(milliseconds: Int)
    /// Each local day at a time of day, in the clock's zone.
    case daily(DailyTime)
    /// Once, so many milliseconds of app time after it was set.
    case once(milliseconds: Int)
}
