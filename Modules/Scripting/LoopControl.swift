import CLua
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What other threads may ask of a running `app.loop()`: to end because the process is
/// asked to terminate (SIGTERM), or just to wake up and look again.
///
/// It owns the loop's wake-up descriptor (an eventfd) that the loop waits on beside the
/// descriptors of its `LoopSource`s, so a wake-up never waits for a timer.
public final class LoopControl: Sendable {
    private struct State {
        var running = false
        var terminated = false
    }

    private let state = Mutex(State())
    /// The eventfd the loop waits on; -1 when none could be made (the loop then still ends
    /// on the stop switch's signal, and SIGTERM is left to its default handling).
    let descriptor: Int32

    init() { descriptor = clua_new_eventfd() }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Asks a running loop to end because the process is terminating; returns false when no
    /// loop runs (or it was asked already), so the caller handles SIGTERM as without a loop.
    /// Once asked, every later `app.loop()` of the process returns at once.
    public func terminate() -> Bool {
        let taken = state.withLock { state in
            guard state.running, !state.terminated, descriptor >= 0 else { return false }
            state.terminated = true
            return true
        }
        if taken { wake() }
        return taken
    }

    /// Whether the process was asked to terminate while a loop ran.
    var terminated: Bool { state.withLock { $0.terminated } }

    /// Wakes the loop so it looks at its timers, sources and stop requests again.
    public func wake() {
        guard descriptor >= 0 else { return }
        var one: UInt64 = 1
        _ = write(descriptor, &one, 8)
    }

    /// Empties the wake-up counter (on the loop's thread, after a wake-up).
    func drain() {
        guard descriptor >= 0 else { return }
        var count: UInt64 = 0
        _ = read(descriptor, &count, 8)
    }

    /// Marks the loop running (true) or not.
    func setRunning(_ running: Bool) { state.withLock { $0.running = running } }
}
