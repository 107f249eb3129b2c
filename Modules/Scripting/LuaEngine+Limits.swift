import CLua
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// The deadline, Ctrl-C and the backstop behind them.
///
/// A stop arms a hook on the running coroutine and wakes its thread from a blocking call.
/// Some Lua code cannot be stopped by a hook (a `__gc` finalizer runs with hooks off, one
/// C call such as a pattern match does not return, Swift work does not look), so when
/// `stopGrace` is set the backstop ends the process if a stopped chunk still runs that
/// many seconds after its stop. It calls `_exit`: buffered output is flushed if no thread
/// holds it, but nothing else runs (buffered events are not stored).
extension LuaEngine {
    /// The longest deadline taken as one; a longer one means none (a `Double` of seconds
    /// past this would not fit the clock's nanoseconds).
    static let longestTimeout: Double = 1e9

    /// Arms the deadline of run `runID`, which runs on the calling thread (whose server
    /// statements the stop cancels): at `seconds` it stops the chunk; with a
    /// `stopGrace`, the backstop watches it after that.
    /// `limit` is the timeout the message names when it differs from `seconds` (what was
    /// left of it after an `app.loop`).
    /// `option` is the one the message names.
    func armWatchdog(
        run runID: Int, after seconds: Double, what: String = "chunk", limit: Double? = nil,
        option: String = "--timeout"
    ) -> SentinelTimer? {
        guard seconds > 0, seconds <= Self.longestTimeout else { return nil }
        let stopSwitch = self.stopSwitch
        let shown = Self.seconds(limit ?? seconds)
        let message = "timeout: the \(what) ran longer than \(shown) s (\(option))"
        let grace = stopGrace
        let thread = BlockingWaits.currentThread
        return Sentinel.shared.after(seconds) {
            stopSwitch.stop(run: runID, on: thread, reason: CLUA_STOP_TIMEOUT, message: message)
            if let grace {
                Self.backstop(
                    run: runID, on: thread, stopSwitch: stopSwitch, grace: grace,
                    message: "the script did not stop within \(Self.seconds(grace)) s after its \(shown) s timeout")
            }
        }
    }

    /// Watches stopped run `runID`: wakes its thread from blocking calls (and cancels the
    /// server statements of `thread`, or of the run's own thread after Ctrl-C) every
    /// quarter of a second, and ends the process when it still runs after `grace` seconds.
    static func backstop(
        run runID: Int, on thread: pthread_t? = nil, stopSwitch: StopSwitch, grace: Double, message: String,
        waited: Double = 0
    ) {
        guard stopSwitch.wakeIfRunning(run: runID, on: thread) else { return }
        guard waited < grace else {
            clua_exit_now("app-shell: \(message); exiting\n", 1)
            return
        }
        let tick = min(0.25, grace - waited)
        _ = Sentinel.shared.after(tick) {
            backstop(
                run: runID, on: thread, stopSwitch: stopSwitch, grace: grace, message: message, waited: waited + tick)
        }
    }

    /// After Ctrl-C stopped run `run` (see `StopSwitch.interrupt`): a second Ctrl-C while
    /// it is still stopping ends the process; a script's run is watched by the backstop.
    static func interrupted(run: Int, stopSwitch: StopSwitch, grace: Double?, script: Bool) {
        guard let grace else { return }
        if run < 0 {
            clua_exit_now("app-shell: interrupted again while stopping; exiting\n", 130)
        } else if run > 0, script {
            backstop(
                run: run, stopSwitch: stopSwitch, grace: grace,
                message: "the script did not stop within \(seconds(grace)) s after Ctrl-C")
        }
    }

    /// Closes the Lua state. Finalizers run then (Lua code): with a `stopGrace`, they run
    /// as a run of their own under `closeTimeout` and Ctrl-C; after a stopped chunk they do
    /// not run at all (the state is left to the ending process).
    func closeState() {
        guard stopGrace != nil else {
            lua_close(state)
            return
        }
        if lastRunStopped { return }
        let runID = clua_begin_close(control.pointer, state)
        let watchdog = closeTimeout.flatMap { armWatchdog(run: runID, after: $0) }
        lua_close(state)
        clua_end_close(control.pointer)
        watchdog?.cancel()
    }

    /// The message of a stopped chunk: where it was, then why it stopped.
    var stopMessage: String {
        String(cString: clua_stop_where(control.pointer)) + String(cString: clua_stop_message(control.pointer))
    }

    /// Lua's memory error, with the cap that caused it.
    func memoryMessage(_ message: String) -> String {
        message + " (the Lua heap is capped at \(options.memoryLimitBytes / 1_048_576) MB; --max-memory raises it)"
    }

    /// Seconds as a person writes them: `1`, `0.3`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
