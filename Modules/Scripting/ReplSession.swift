import Core

/// The REPL's reading of lines: it keeps an unfinished chunk until it is complete, as
/// `lua` does, then runs it.
///
/// It knows nothing of terminals; the app feeds it lines from libedit or from a pipe.
public final class ReplSession {
    /// What happened to a submitted line.
    public enum Step {
        /// The chunk is not complete yet; show the continuation prompt.
        case needMore
        /// The chunk ran (or failed to compile).
        case ran(Result<[Value], ScriptFailure>)
    }

    private let engine: LuaEngine
    private var pending: [String] = []
    /// What is printed of each chunk's results.
    public var output: OutputMode
    /// Seconds a chunk may run; nil for no limit.
    public var timeout: Double?
    /// The name tracebacks give the REPL's chunks.
    public let chunkName: String

    /// A session on `engine`.
    public init(engine: LuaEngine, output: OutputMode = .show, timeout: Double? = nil, chunkName: String = "=stdin") {
        self.engine = engine
        self.output = output
        self.timeout = timeout
        self.chunkName = chunkName
    }

    /// `> ` for a new chunk, `>> ` while one is unfinished.
    public var prompt: String { pending.isEmpty ? "> " : ">> " }

    /// Whether an unfinished chunk is waiting for more lines.
    public var isContinuing: Bool { !pending.isEmpty }

    /// Adds a line; runs the chunk when it is complete.
    public func submit(_ line: String) -> Step {
        pending.append(line)
        switch engine.loadLine(pending.joined(separator: "\n"), name: chunkName) {
        case .incomplete:
            return .needMore
        case .failed(let failure):
            pending = []
            return .ran(.failure(failure))
        case .loaded(let chunk):
            pending = []
            return .ran(engine.run(chunk, output: output, timeout: timeout))
        }
    }

    /// Ends the input: an unfinished chunk is a syntax error; nil when none was waiting.
    public func finish() -> ScriptFailure? {
        guard !pending.isEmpty else { return nil }
        defer { pending = [] }
        switch engine.loadLine(pending.joined(separator: "\n"), name: chunkName) {
        case .incomplete(let message): return ScriptFailure(kind: .syntax, message: message)
        case .failed(let failure): return failure
        case .loaded: return nil
        }
    }

    /// Drops an unfinished chunk (Ctrl-C at the continuation prompt).
    public func discard() { pending = [] }
}
