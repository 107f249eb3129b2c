/// A function of the shell that is not a route (`show`, `json`, `help`, `app.on`,
/// `trace.span`): what `help` and the generated reference say about it.
public struct ShellFunction: Sendable, Equatable {
    /// The name Lua code calls it by (`app.on`).
    public let name: String
    /// `app.on(pattern, fn)`.
    public let signature: String
    /// What it returns, in the reference's type notation.
    public let returns: String
    /// One sentence.
    public let summary: String
    /// More sentences, each a line of its own.
    public let details: [String]
    /// A line of Lua that uses it.
    public let example: String

    /// The module it belongs to (`app` for `app.on`), or nil for a global.
    public var module: String? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        return String(name[..<dot])
    }

    /// Every shell function, globals first.
    public static let all: [ShellFunction] = [
        ShellFunction(
            name: "show", signature: "show(...)", returns: "nil",
            summary: "Prints values as a person reads them.",
            details: [
                "A list of records is an aligned table (a cell is cut at 40 columns with …), a calendar a month",
                "grid, statistics a card, other tables have sorted keys. Hangul and emoji count two columns.",
                "Control characters (terminal escapes, bidi overrides) print as escapes such as \\x1b.",
                "The REPL and -e show what a chunk returns.",
            ],
            example: "show(habits.list())"),
        ShellFunction(
            name: "json", signature: "json(x)", returns: "string",
            summary: "The value as JSON text, on one line.",
            details: [
                "An empty list that came from a route is [], an empty table made in Lua {}; --json prints",
                "every result this way.",
            ],
            example: #"print(json(habits.get("Run")))"#),
        ShellFunction(
            name: "help", signature: "help(x)", returns: "nil",
            summary: "Prints the modules, a module's functions, or how to call one function.",
            details: [
                #"x is a module (help(habits)), a function (help(habits.complete)) or a name ("habits.complete")."#
            ],
            example: "help(habits.complete)"),
        ShellFunction(
            name: "app.on", signature: "app.on(pattern, fn)", returns: "hook",
            summary: "Runs fn(event) after each event whose name matches the anchored Lua pattern.",
            details: [
                "Event names are route names (walks.log) or events.emit's. hook:off() removes the hook.",
                "A hook's error is reported on standard error and the route stands; events made inside a",
                "hook fire no hooks.",
            ],
            example: #"app.on("walks%.log", function(e) print("walked", e.params.steps) end)"#),
        ShellFunction(
            name: "app.every", signature: "app.every(seconds | \"HH:MM\", fn)", returns: "timer",
            summary: "Runs fn(timer, due) every so many seconds, or each local day at HH:MM, while app.loop() runs.",
            details: [
                "due is the instant the firing was due (ISO-8601, as app.now()), however late the loop runs it.",
                "Seconds of the app's clock, 0.1 to 31622400 (366 days); HH:MM from 00:00 to 23:59 in the --tz zone.",
                "A time a daylight-saving change skips fires at the first minute after it, a repeated time once.",
                "A timer that fell behind fires once and keeps its grid. At most 1000 timers at once",
                "(app.too_many_timers); timer:off() removes one and returns whether it was set.",
            ],
            example: #"app.every("21:00", function() app.notify("Floss", "Have you flossed today?") end)"#),
        ShellFunction(
            name: "app.after", signature: "app.after(seconds, fn)", returns: "timer",
            summary: "Runs fn(timer, due) once, so many seconds from now, while app.loop() runs.",
            details: ["Seconds of the app's clock, 0 to 31622400 (366 days); timer:off() cancels it."],
            example: #"app.after(5, function() print("five seconds later") end)"#),
        ShellFunction(
            name: "app.loop", signature: "app.loop()", returns: "string",
            summary: "Runs timers and app.on hooks until Ctrl-C, SIGTERM or app.stop(); then the script goes on.",
            details: [
                "Returns why it ended: \"stopped\", \"interrupted\" (Ctrl-C), \"terminated\" (SIGTERM), or \"idle\"",
                "when no timer and no hook is left. Each callback runs on its own under --callback-timeout (by default",
                "the --timeout, else 60 s) and --max-memory: a failing or runaway one is reported on standard error",
                "and the loop goes on; the third stopped at its deadline ends it with the error app.loop_runaway (as",
                "does every later app.loop()). Buffered events are stored when it returns; time spent in the loop",
                "does not count against the script's --timeout.",
            ],
            example: #"app.every(60, function() print(app.now()) end)  app.loop()"#),
        ShellFunction(
            name: "app.stop", signature: "app.stop()", returns: "nil",
            summary: "Ends the running app.loop() once the current callback returns.",
            details: ["Outside a loop it does nothing."],
            example: #"app.after(10, app.stop)  app.loop()"#),
        ShellFunction(
            name: "trace.span", signature: "trace.span(name, fn, ...)", returns: "...",
            summary: "Runs fn(...) inside a named interval and returns its results (or raises its error).",
            details: ["The interval shows in trace.summary() and in --trace FILE."],
            example: #"trace.span("morning", function() habits.complete("Run") end)"#),
    ]

    /// The shell function called `name`, if there is one.
    public static func named(_ name: String) -> ShellFunction? {
        all.first { $0.name == name }
    }
}
