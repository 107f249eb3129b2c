/// The chunk an engine is running: what `app.loop` needs to set its deadline aside while
/// it waits, and to give each callback a deadline of its own.
struct ActiveRun {
    /// The run id the watchdog and the stop switch know it by (renewed by the loop).
    var id: Int
    /// The armed deadline, if any.
    var watchdog: SentinelTimer?
    /// When the deadline falls, on `Sentinel.now()`'s clock.
    var deadline: UInt64?
    /// The chunk's timeout in seconds (`--timeout`), nil for none.
    let timeout: Double?
}
