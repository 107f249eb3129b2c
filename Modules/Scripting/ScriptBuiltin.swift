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

    /// The builtins of app-shell.
    public static let standard: [ScriptBuiltin] = [eventHooks, traceSpans]
}
