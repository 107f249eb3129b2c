/// A chunk that failed: its error as `tostring` prints it, and where it happened.
public struct ScriptFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// How the failure came about.
    public enum Kind: Sendable, Equatable {
        /// The chunk did not compile.
        case syntax
        /// It raised an error while running (a route's error, `error()`, a bug).
        case runtime
        /// The deadline passed (`--timeout`).
        case timeout
        /// Ctrl-C.
        case interrupted
        /// The Lua heap passed `--max-memory`.
        case memory
    }

    /// What kind of failure.
    public let kind: Kind
    /// `script.lua:12: habits.complete: already completed on 2026-11-29 [habits.already_completed]`.
    public let message: String
    /// Lua's stack traceback (`stack traceback:` and frames), without the shell's frames.
    public let traceback: String
    /// The error code, when the error was a route error table.
    public let code: String?

    /// A failure of `kind`; `code` is the route error's code when a route raised it.
    public init(kind: Kind, message: String, traceback: String = "", code: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
        self.code = code
    }

    /// The message, then the traceback.
    public var description: String { traceback.isEmpty ? message : "\(message)\n\(traceback)" }
}
