import Synchronization

/// Whether the wait for one `COMMIT`'s answer was cut short (or a write's outside a
/// transaction, which commits as it ends: `PostgresConnection.writes`).
///
/// A `COMMIT` on a primary with a synchronous standby waits until the standby has the
/// transaction, and PostgreSQL stops counting `statement_timeout` before that wait: with
/// the standby gone it would wait for ever. So the connection registers the `COMMIT`'s wait
/// with a limit of its own, the sessions' `statement_timeout` (`BlockingWaits`), and the
/// script's own stop (its deadline, Ctrl-C) cancels it too; both cancel through this watch.
/// A `COMMIT` cancelled while it waited for the standby still answers success, with a
/// warning that the transaction "has already committed locally, but might not have been
/// replicated to the standby": the primary has it, a failover may lose it. So once the
/// watch has cancelled, a successful answer is an unknown outcome
/// (`storage.outcome_unknown`), never a success: the script runs the same write again with
/// the id it chose, which finds the row.
final class PostgresCommitWatch: Sendable {
    private struct State {
        var waiting = true
        var cancelled = false
    }

    private let state = Mutex(State())
    private let request: PostgresCancelRequest

    /// A watch that cancels through `request`.
    init(request: PostgresCancelRequest) {
        self.request = request
    }

    /// Sends the cancel request if the `COMMIT` still waits (under the lock, so never after
    /// `finish`).
    func cancel() {
        state.withLock { state in
            guard state.waiting else { return }
            state.cancelled = true
            request.send()
        }
    }

    /// Ends the watch once the answer came; returns whether a cancel was sent meanwhile.
    func finish() -> Bool {
        state.withLock { state in
            state.waiting = false
            return state.cancelled
        }
    }
}
