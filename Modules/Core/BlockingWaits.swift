import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Waits in another process that a stop can cut short: a statement the PostgreSQL server
/// is running while this process waits for its answer.
///
/// The connection registers how to cancel its wait (`PQcancel`) for as long as it waits;
/// a deadline or Ctrl-C cancels the waits of the thread running the chunk it stops
/// (`cancelAll(on:)`), so a statement stuck behind another member's lock ends at the
/// script's deadline instead of keeping the process until the server's own timeouts. Other
/// threads' waits are left alone: one engine's stop does not cut short another engine's
/// statement in the same process (the tests run many at once).
///
/// A wait may also carry a time limit of its own (`during(_:within:_:)`): a thread started
/// with such a wait looks once a second, while any is registered, and cancels each wait
/// past its limit, once (a `COMMIT` waiting for a synchronous standby, which the server's
/// `statement_timeout` does not bound). Registering costs a lock and a dictionary entry,
/// and starts the thread when none runs (at most once a second).
/// A stop's cancels run under the lock, so they never outlive the waits they cancel; a
/// limit's cancel runs after it, and must itself do nothing once its wait has ended.
public final class BlockingWaits: Sendable {
    /// The process's waits.
    public static let shared = BlockingWaits()

    private struct Wait {
        let thread: pthread_t
        let cancel: @Sendable () -> Void
        /// When the wait is cancelled by the watcher (nil: never, or already cancelled).
        var limit: ContinuousClock.Instant?
    }

    private struct State {
        var nextID = 1
        var waits: [Int: Wait] = [:]
        var watching = false
    }

    private let state = Mutex(State())

    /// A separate set of waits (tests); the process's are `shared`.
    init() {}

    /// Runs `body`, with `cancel` registered as the way to cut it short while it runs; with
    /// `within`, also cancelled once that long has passed and `body` still waits.
    public func during<Result>(
        _ cancel: @escaping @Sendable () -> Void, within: Duration? = nil, _ body: () throws -> Result
    ) rethrows -> Result {
        let limit = within.map { ContinuousClock.now + $0 }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.waits[state.nextID] = Wait(thread: pthread_self(), cancel: cancel, limit: limit)
            if limit != nil { startWatching(&state) }
            return state.nextID
        }
        defer { _ = state.withLock { $0.waits.removeValue(forKey: id) } }
        return try body()
    }

    /// The calling thread, as `cancelAll(on:)` names it.
    public static var currentThread: pthread_t { pthread_self() }

    /// Cancels the waits `thread` registered; returns how many there were.
    @discardableResult
    public func cancelAll(on thread: pthread_t) -> Int {
        state.withLock { state in
            let waits = state.waits.values.filter { pthread_equal($0.thread, thread) != 0 }
            for wait in waits { wait.cancel() }
            return waits.count
        }
    }

    /// Cancels, once, every wait past its limit; returns how many. The cancels run after
    /// the lock is let go: a cancel request to a machine that vanished can take its TCP
    /// connect timeout, and meanwhile every other wait of the process must still register
    /// and be stopped. A wait with a limit guards its own end (`PostgresCommitWatch`: its
    /// cancel does nothing once its answer came).
    @discardableResult
    func cancelOverdue(at now: ContinuousClock.Instant) -> Int {
        let overdue = state.withLock { state in
            var overdue: [@Sendable () -> Void] = []
            for (id, wait) in state.waits {
                guard let limit = wait.limit, limit <= now else { continue }
                overdue.append(wait.cancel)
                state.waits[id]?.limit = nil
            }
            return overdue
        }
        for cancel in overdue { cancel() }
        return overdue.count
    }

    /// Whether a wait with a limit is registered; when none is, the watcher ends (under the
    /// lock, so the next such wait starts another): a process that waits for nothing, as an
    /// idle `app.loop()`, is never woken by it, and a busy one starts at most one a second.
    private func keepsWatching() -> Bool {
        state.withLock { state in
            state.watching = state.waits.values.contains { $0.limit != nil }
            return state.watching
        }
    }

    /// Starts the watcher when none runs. Without a thread, limits are kept but never
    /// enforced: the waits then end by the server's own timeouts or the script's stop.
    private func startWatching(_ state: inout State) {
        guard !state.watching else { return }
        state.watching = true
        var thread = pthread_t()
        // The thread keeps its set of waits alive while it runs.
        let context = Unmanaged.passRetained(self).toOpaque()
        let made = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let waits = Unmanaged<BlockingWaits>.fromOpaque(context).takeRetainedValue()
                repeat {
                    sleep(1)
                    waits.cancelOverdue(at: .now)
                } while waits.keepsWatching()
                return nil
            }, context)
        if made == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<BlockingWaits>.fromOpaque(context).release()
        }
    }
}
