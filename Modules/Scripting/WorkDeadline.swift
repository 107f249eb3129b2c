import CLua
import Core
import Synchronization

/// A deadline for Swift work that runs outside any chunk (`--import`): at the deadline the
/// server statements it waits on are cancelled (`BlockingWaits`), so it fails and its
/// transaction rolls back; if it still runs `grace` seconds later (SQLite's work, parsing a
/// file), the process ends, as a chunk's backstop ends it. Work done in one transaction is
/// then never committed, so nothing of it is kept.
public enum WorkDeadline {
    /// Runs `body` under a deadline of `seconds` (none when 0 or past
    /// `LuaEngine.longestTimeout`); `what` and `option` name it in the error.
    /// - Throws: `timeout` when the deadline stopped `body`; otherwise what `body` throws.
    public static func run<Result>(
        _ what: String, seconds: Double, option: String = "--timeout", grace: Double = 2,
        _ body: () throws -> Result
    ) throws -> Result {
        guard seconds > 0, seconds <= LuaEngine.longestTimeout else { return try body() }
        let message = "timeout: \(what) ran longer than \(LuaEngine.seconds(seconds)) s (\(option))"
        let state = Mutex<(passed: Bool, finished: Bool, backstop: SentinelTimer?)>((false, false, nil))
        let thread = BlockingWaits.currentThread
        let timer = Sentinel.shared.after(seconds) {
            state.withLock { state in
                guard !state.finished else { return }
                state.passed = true
                state.backstop = Sentinel.shared.after(grace) {
                    clua_exit_now("app-shell: \(message); nothing of it was kept; exiting\n", 1)
                }
            }
            BlockingWaits.shared.cancelAll(on: thread)
        }
        defer {
            timer.cancel()
            state.withLock { state in
                state.finished = true
                state.backstop?.cancel()
            }
        }
        do {
            return try body()
        } catch  where state.withLock({ $0.passed }) {
            throw AppError(code: "timeout", message: message + "; nothing of it was kept")
        }
    }
}
