#if canImport(Glibc)
    import Glibc
#endif

/// The monotonic clock (`CLOCK_MONOTONIC`): real time that never steps back, for measuring
/// intervals within one run (traces, deadlines, a loop's poll intervals). It says nothing of
/// the date; the app's `Clock` does.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary start.
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Milliseconds since the same start.
    public static func milliseconds() -> UInt64 { nanoseconds() / 1_000_000 }
}
