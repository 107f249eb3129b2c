/// What happens to the values a chunk returns.
public enum OutputMode: String, Sendable {
    /// Nothing is printed (a script file).
    case none
    /// Printed with `show`, as the REPL and `-e` do.
    case show
    /// Printed as JSON, one value a line (`--json`).
    case json
}
