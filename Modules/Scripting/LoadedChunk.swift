/// A compiled chunk waiting to run, held in the engine's registry.
///
/// Run it once with `LuaEngine.run`; running releases it.
public struct LoadedChunk {
    let reference: Int32
    /// The chunk's name (`@script.lua`, `=stdin`).
    public let name: String
}
