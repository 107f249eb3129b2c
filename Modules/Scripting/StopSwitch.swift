import CLua

/// Stops the running chunk from another thread: the timeout watchdog and Ctrl-C.
///
/// It arms a hook on the coroutine that is running at that moment; the hook re-arms
/// itself before raising, so `pcall` cannot swallow the stop. No hook runs otherwise.
public struct StopSwitch: Sendable {
    let block: ControlBlock

    /// Stops whatever chunk is running now with "interrupted" (see `handleInterrupts`).
    public func interrupt() {
        clua_request_stop_current(block.pointer, CLUA_STOP_INTERRUPT, "interrupted")
    }

    /// Stops run `runID` with `message`, if it is still running.
    func stop(run runID: Int, reason: Int32, message: String) {
        clua_request_stop(block.pointer, runID, reason, message)
    }
}
