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
/// Each cancel runs under the lock, so it never outlives the wait it cancels.
public final class BlockingWaits: Sendable {
    /// The process's waits.
    public static let shared = BlockingWaits()

    private struct State {
        var nextID = 1
        var cancels: [Int: (thread: pthread_t, cancel: @Sendable () -> Void)] = [:]
    }

    private let state = Mutex(State())

    private init() {}

    /// Runs `body`, with `cancel` registered as the way to cut it short while it runs.
    public func during<Result>(_ cancel: @escaping @Sendable () -> Void, _ body: () throws -> Result) rethrows
        -> Result
    {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.cancels[state.nextID] = (pthread_self(), cancel)
            return state.nextID
        }
        defer { _ = state.withLock { $0.cancels.removeValue(forKey: id) } }
        return try body()
    }

    /// The calling thread, as `cancelAll(on:)` names it.
    public static var currentThread: pthread_t { pthread_self() }

    /// Cancels the waits `thread` registered; returns how many there were.
    @discardableResult
    public func cancelAll(on thread: pthread_t) -> Int {
        state.withLock { state in
            let waits = state.cancels.values.filter { pthread_equal($0.thread, thread) != 0 }
            for wait in waits { wait.cancel() }
            return waits.count
        }
    }
}
