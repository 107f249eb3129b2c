import CLua
import Core
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The one thread that watches a running chunk from outside: deadlines (`--timeout`, the
/// backstop) and the descriptors that signal handlers write to (Ctrl-C, SIGTERM).
///
/// It replaces a libdispatch queue, whose first use started an event thread and two
/// workers and cost every start-up about 0.6 ms of wall time (docs/performance.md). The
/// thread starts with the first timer or watch (or `start()`) and then sleeps in one `poll` until the
/// nearest deadline, a watched descriptor, or a change of either. Actions run on that
/// thread one at a time, outside the lock, so an action may arm or cancel timers.
public final class Sentinel: Sendable {
    /// The process's sentinel.
    public static let shared = Sentinel()

    private struct Timer {
        let due: UInt64
        let action: @Sendable () -> Void
    }

    private struct State {
        var timers: [Int: Timer] = [:]
        var watches: [Int32: @Sendable () -> Void] = [:]
        var nextID = 1
        var started = false
        /// Whether the thread runs (false when no eventfd or thread could be made).
        var running = false
        /// The eventfd that wakes the thread when a timer or watch changes.
        var wake: Int32 = -1
    }

    private let state = Mutex(State())

    private init() {}

    /// The monotonic clock in nanoseconds.
    public static func now() -> UInt64 { MonotonicClock.nanoseconds() }

    /// Starts the thread now, ahead of its first timer or watch: app-shell calls it while
    /// its connection is being opened, so the thread's creation is not on the path from
    /// the login to the first line of Lua.
    public func start() {
        state.withLock { startIfNeeded(&$0) }
    }

    /// Runs `action` on the sentinel's thread `seconds` from now, unless cancelled first.
    /// An action already running when it is cancelled finishes.
    public func after(_ seconds: Double, _ action: @escaping @Sendable () -> Void) -> SentinelTimer {
        let nanoseconds = seconds > 0 ? UInt64(min(seconds, 1e9) * 1e9) : 0
        let due = Self.now() &+ nanoseconds
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.timers[state.nextID] = Timer(due: due, action: action)
            startIfNeeded(&state)
            return state.nextID
        }
        wakeThread()
        return SentinelTimer(id: id, sentinel: self)
    }

    /// Calls `handler` on the sentinel's thread whenever `descriptor` is readable; the
    /// handler reads what is there (the descriptor is watched again right after it).
    /// Returns whether the thread runs: when it could not be made, nothing will read the
    /// descriptor, so a signal handler that only writes to it must not be installed.
    @discardableResult
    public func watch(_ descriptor: Int32, _ handler: @escaping @Sendable () -> Void) -> Bool {
        let running = state.withLock { state in
            state.watches[descriptor] = handler
            startIfNeeded(&state)
            return state.running
        }
        wakeThread()
        return running
    }

    /// Stops watching `descriptor`.
    public func unwatch(_ descriptor: Int32) {
        state.withLock { _ = $0.watches.removeValue(forKey: descriptor) }
        wakeThread()
    }

    /// Forgets timer `id` if it has not run.
    func cancel(_ id: Int) {
        state.withLock { _ = $0.timers.removeValue(forKey: id) }
    }

    private func wakeThread() {
        let wake = state.withLock { $0.wake }
        guard wake >= 0 else { return }
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    /// Starts the thread once. Without an eventfd or a thread, timers and watches are kept
    /// but never run: what they guard (a deadline, Ctrl-C's second press) is then lost,
    /// not the process.
    private func startIfNeeded(_ state: inout State) {
        guard !state.started else { return }
        state.started = true
        let wake = clua_new_eventfd()
        guard wake >= 0 else { return }
        state.wake = wake
        var thread = pthread_t()
        let made = pthread_create(
            &thread, nil,
            { _ in
                Sentinel.shared.run()
                return nil
            }, nil)
        if made == 0 {
            pthread_detach(thread)
            state.running = true
        }
    }

    /// The thread's loop.
    private func run() {
        var descriptors: [pollfd] = []
        while true {
            let (wake, timeout, handlers) = state.withLock { state in
                (state.wake, state.timers.values.lazy.map(\.due).min(), state.watches)
            }
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0))
            for descriptor in handlers.keys {
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
            // Milliseconds, rounded up so that a timer is never woken for early.
            var wait: Int32 = -1
            if let timeout {
                let now = Self.now()
                let left = timeout > now ? timeout - now : 0
                wait = Int32(clamping: (left + 999_999) / 1_000_000)
            }
            let ready = descriptors.withUnsafeMutableBufferPointer { buffer in
                poll(buffer.baseAddress, nfds_t(buffer.count), wait)
            }
            if ready > 0, descriptors[0].revents != 0 {
                var count: UInt64 = 0
                _ = read(wake, &count, 8)
            }
            if ready > 0 {
                for entry in descriptors.dropFirst() where entry.revents != 0 {
                    if entry.revents & Int16(POLLNVAL) != 0 {
                        // Closed behind the sentinel's back: watching it would spin.
                        state.withLock { _ = $0.watches.removeValue(forKey: entry.fd) }
                        continue
                    }
                    // Still watched? An unwatch between the snapshot and now wins.
                    if let handler = state.withLock({ $0.watches[entry.fd] }) { handler() }
                }
            }
            let now = Self.now()
            let due = state.withLock { state -> [Timer] in
                // In the order they fall due; armed first among equals.
                let ids = state.timers.filter { $0.value.due <= now }
                    .sorted { ($0.value.due, $0.key) < ($1.value.due, $1.key) }.map(\.key)
                return ids.compactMap { state.timers.removeValue(forKey: $0) }
            }
            for timer in due { timer.action() }
        }
    }
}
