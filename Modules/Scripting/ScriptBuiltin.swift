/// A function of a module that is Lua made by the prelude over builtins of the engine, such
/// as `app.on` (hooks on events) and `trace.span` (a named interval around a function).
///
/// The binder knows no module by name: it adds each builtin of `EngineOptions.builtins` to
/// the module its name starts with (making the module when no route has made it), by
/// calling the prelude's `factory` with the bound `arguments`.
public struct ScriptBuiltin: Sendable {
    /// Its full name (`app.on`): the module, a dot, the function.
    public let name: String
    /// The prelude function that makes it from the bound arguments (`on_with`).
    let factory: String
    /// The engine's builtins handed to the factory, in order.
    let arguments: [BoundFunction]

    /// `app.on(pattern, fn)`: runs fn after each event whose name matches (see `ShellFunction`).
    public static let eventHooks = ScriptBuiltin(name: "app.on", factory: "on_with", arguments: [.hookCount])

    /// `trace.span(name, fn, ...)`: runs fn inside a named interval of the session's `Signposter`.
    public static let traceSpans = ScriptBuiltin(
        name: "trace.span", factory: "span_with", arguments: [.spanBegin, .spanEnd])

    /// `app.every(seconds | "HH:MM", fn)`: a repeating timer (see `LuaEngine+Loop`).
    public static let every = ScriptBuiltin(name: "app.every", factory: "bare", arguments: [.timerEvery])
    /// `app.after(seconds, fn)`: a timer that fires once.
    public static let after = ScriptBuiltin(name: "app.after", factory: "bare", arguments: [.timerAfter])
    /// `app.loop()`: runs timers and hooks until Ctrl-C, SIGTERM or `app.stop()`.
    public static let loop = ScriptBuiltin(name: "app.loop", factory: "bare", arguments: [.loop])
    /// `app.stop()`: ends the running loop.
    public static let stop = ScriptBuiltin(name: "app.stop", factory: "bare", arguments: [.loopStop])

    /// The builtins of app-shell.
    public static let standard: [ScriptBuiltin] = [eventHooks, traceSpans, every, after, loop, stop]
}
