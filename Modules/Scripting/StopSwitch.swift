import CLua

/// Stops the running chunk from another thread: the timeout watchdog and Ctrl-C.
///
/// It arms a hook on the coroutine that is running at that moment; the hook re-arms
/// itself before raising, so `pcall` cannot swallow the stop. It also wakes the chunk's
/// thread from a blocking call. No hook runs otherwise.
public struct StopSwitch: Sendable {
    let block: ControlBlock

    /// Stops whatever chunk is running now with "interrupted" (see `handleInterrupts`).
    /// Returns the id of the run it stopped, 0 when none ran, or minus the id when that
    /// run was already stopping.
    @discardableResult
    public func interrupt() -> Int {
        clua_request_stop_current(block.pointer, CLUA_STOP_INTERRUPT, "interrupted")
    }

    /// Stops run `runID` with `message`, if it is still running.
    func stop(run runID: Int, reason: Int32, message: String) {
        clua_request_stop(block.pointer, runID, reason, message)
    }

    /// Wakes run `runID`'s thread again if it is stopping; returns whether it still runs.
    func wakeIfRunning(run runID: Int) -> Bool {
        clua_wake_if_running(block.pointer, runID) != 0
    }
}
