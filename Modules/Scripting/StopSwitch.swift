import CLua
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// Stops the running chunk from another thread: the timeout watchdog and Ctrl-C.
///
/// It arms a hook on the coroutine that is running at that moment; the hook re-arms
/// itself before raising, so `pcall` cannot swallow the stop. It also wakes the chunk's
/// thread from a blocking call, and cancels the statement a database server runs for it
/// (`BlockingWaits`: a statement stuck behind another member's lock ends at the deadline).
/// No hook runs otherwise.
public struct StopSwitch: Sendable {
    let block: ControlBlock

    /// Stops whatever chunk is running now with "interrupted" (see `handleInterrupts`).
    /// Returns the id of the run it stopped, 0 when none ran, or minus the id when that
    /// run was already stopping.
    @discardableResult
    public func interrupt() -> Int {
        let stopped = clua_request_stop_current(block.pointer, CLUA_STOP_INTERRUPT, "interrupted")
        if stopped > 0 { cancelWaits(of: stopped) }
        return stopped
    }

    /// Cancels the server statements of the thread running run `runID`, if it still runs.
    private func cancelWaits(of runID: Int) {
        var thread = pthread_t()
        if clua_runner_of(block.pointer, runID, &thread) != 0 { BlockingWaits.shared.cancelAll(on: thread) }
    }

    /// Stops run `runID`, which runs on `thread`, with `message`, if it is still running.
    func stop(run runID: Int, on thread: pthread_t, reason: Int32, message: String) {
        clua_request_stop(block.pointer, runID, reason, message)
        if clua_wake_if_running(block.pointer, runID) != 0 { BlockingWaits.shared.cancelAll(on: thread) }
    }

    /// Wakes run `runID`'s thread again if it is stopping, and cancels the server
    /// statements of `thread` (of the thread running it when nil: Ctrl-C); returns whether
    /// it still runs.
    func wakeIfRunning(run runID: Int, on thread: pthread_t?) -> Bool {
        let running = clua_wake_if_running(block.pointer, runID) != 0
        // A statement sent after the first cancel (the stop came between two) is cut too.
        if running {
            if let thread { BlockingWaits.shared.cancelAll(on: thread) } else { cancelWaits(of: runID) }
        }
        return running
    }
}
