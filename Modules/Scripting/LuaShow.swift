/// `show`: the shell's display of values, a Lua chunk of its own (`Resources/show.lua`).
///
/// It runs once per engine, as the chunk `=[app-shell]` like the prelude (tracebacks drop
/// its frames), with the bound `visible` and `write` builtins, the list of the plugins'
/// presenters (`EngineOptions.presenters`) and `EngineOptions.colour` (whether it colours
/// the pieces presenters style) as its arguments, and returns a table with
/// `show` (prints) and `text` (the text `show` prints, for tests). Being Lua, it may call
/// `tostring` and `__tostring` freely: Swift must not run metamethods outside a protected
/// call. What is Unicode-heavy is Swift's (`TerminalText`): `visible(s, mode, max)` returns
/// `s` with control characters escaped, cut to `max` columns, and its width in columns.
///
/// Everything `show` prints passes through `visible`, because it prints other people's
/// text (public stories, user names): a cell must not clear the screen or write the
/// clipboard.
enum LuaShow {
    /// The chunk's text, compiled into the module by SwiftPM (`embedInCode`).
    static var source: [UInt8] { PackageResources.show_lua }
    /// The same text compiled to bytecode at build time (`Plugins/CompileLua`).
    static var bytecode: [UInt8] { LuaBytecode.show_lua }
}
