/// The outcome of compiling a chunk.
public enum ChunkLoad {
    /// Compiled; run it with `LuaEngine.run(_:)`.
    case loaded(LoadedChunk)
    /// The text ends before the chunk does (`'end' expected near <eof>`): read more.
    case incomplete(message: String)
    /// A syntax error.
    case failed(ScriptFailure)
}
