#if canImport(Glibc)
    import Glibc
#endif

/// Writing to the standard streams the way the shell needs.
enum Terminal {
    /// Whether standard input is a terminal.
    static var inputIsTerminal: Bool { isatty(0) == 1 }

    /// Whether standard output is a terminal that takes colour: a terminal, `TERM` set and
    /// not `dumb`, and no `NO_COLOR` (no-color.org). Files, pipes and tests get plain text.
    static var outputTakesColour: Bool {
        guard isatty(1) == 1, getenv("NO_COLOR") == nil, let term = getenv("TERM") else { return false }
        return String(cString: term) != "dumb"
    }

    /// Writes `text` and a newline to standard error, after flushing standard output so
    /// the two appear in the order they happened.
    static func error(_ text: String) {
        fflush(nil)
        var line = text + "\n"
        line.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Flushes standard output.
    static func flush() { fflush(nil) }
}
