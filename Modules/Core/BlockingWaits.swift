import Synchronization

/// Waits in another process that a stop can cut short: a statement the PostgreSQL server
/// is running while this process waits for its answer.
///
/// The connection registers how to cancel its wait (`PQcancel`) for as long as it waits;
/// the script's deadline and Ctrl-C cancel every registered wait (`cancelAll`), so a
/// statement stuck behind another member's lock ends at the script's deadline instead of
/// keeping the process until the server's own timeouts. Each cancel runs under the lock,
/// so it never outlives the wait it cancels.
public final class BlockingWaits: Sendable {
    /// The process's waits.
    public static let shared = BlockingWaits()

    private struct State {
        var nextID = 1
        var cancels: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    private init() {}

    /// Runs `body`, with `cancel` registered as the way to cut it short while it runs.
    public func during<Result>(_ cancel: @escaping @Sendable () -> Void, _ body: () throws -> Result) rethrows
        -> Result
    {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.cancels[state.nextID] = cancel
            return state.nextID
        }
        defer { _ = state.withLock { $0.cancels.removeValue(forKey: id) } }
        return try body()
    }

    /// Cancels every wait registered now; returns how many there were.
    @discardableResult
    public func cancelAll() -> Int {
        state.withLock { state in
            for cancel in state.cancels.values { cancel() }
            return state.cancels.count
        }
    }
}
