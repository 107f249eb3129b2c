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
