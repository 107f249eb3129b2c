/// The part of the shell written in Lua (`Resources/prelude.lua`): error objects, read-only
/// module tables, hooks, spans and the driver that prints what a REPL line or `-e` chunk
/// returns.
///
/// It runs once per engine, as the chunk `=[app-shell]` (tracebacks drop its frames),
/// with the bound `json` builtin, `show` (see `LuaShow`) and the bound `write` as its
/// arguments, and returns a table of its functions.
enum LuaPrelude {
    /// The name of the shell's own chunks (the prelude, show, presenters).
    static let chunkName = "=[app-shell]"

    /// The chunk's text, compiled into the module by SwiftPM (`embedInCode`).
    static var source: [UInt8] { PackageResources.prelude_lua }
    /// The same text compiled to bytecode at build time (`Plugins/CompileLua`).
    static var bytecode: [UInt8] { LuaBytecode.prelude_lua }
}
