import Core

/// What a Lua function made by the engine runs: a route, or one of the shell's builtins.
enum BoundFunction: Sendable {
    /// A route of the router, with its parameters split once for fast argument reading.
    case route(Route, positional: [Parameter], takesOptions: Bool)
    /// `json(x)`.
    case json
    /// `help(x)`.
    case help
    /// Writes its string argument to the engine's `OutputSink` (`show` and the driver).
    case write
    /// `show`'s helper: `(text, mode, max) -> visible text, its width` (see `LuaShow`).
    case visible
    /// `__index` of `show`'s list of presenters: `(list, i) -> presenter i`, compiled on
    /// first use.
    case presenter
    /// Opens a `trace.span` interval: `(name) -> handle`.
    case spanBegin
    /// Closes a `trace.span` interval: `(handle)`.
    case spanEnd
    /// Tells the engine how many `app.on` hooks are active: `(count)`.
    case hookCount
    /// `os.time([table])` on the app's clock and zone.
    case osTime
    /// `os.date([format [, time]])` on the app's clock and zone.
    case osDate
    /// `os.getenv(name)` in the sandbox: no `PG*` variable, passwords masked.
    case osGetenv
    /// `app.every(seconds | "HH:MM", fn)`.
    case timerEvery
    /// `app.after(seconds, fn)`.
    case timerAfter
    /// `handle:off()` of a timer.
    case timerOff
    /// `app.loop()`.
    case loop
    /// `app.stop()`.
    case loopStop
    /// `fill(real)` of module proxy `index` (see `LuaEngine.fillModule`): puts the
    /// module's functions in its table the first time a script reads it.
    case fillModule(Int)
}
