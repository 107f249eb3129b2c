#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TerminalText {
    /// Whether standard output is a terminal that takes colour: a terminal, `TERM` set and
    /// not `dumb`, and no `NO_COLOR` (no-color.org). Files, pipes and tests get plain text.
    static var standardOutputTakesColour: Bool {
        guard isatty(1) == 1, getenv("NO_COLOR") == nil, let term = getenv("TERM") else { return false }
        return String(cString: term) != "dumb"
    }
}
