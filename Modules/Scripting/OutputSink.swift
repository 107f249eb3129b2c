import CLua

/// Where an engine writes the text it prints itself: `help`'s pages, and what the REPL, `-e`
/// and `--json` print of a chunk's results (through `show` and the prelude's driver).
///
/// The default is the process's standard output, the stream Lua's own `print` writes to,
/// so what the engine prints and what a script prints land in the order they were made. A
/// test or an embedding app gives its own sink to capture the text.
public struct OutputSink: Sendable {
    private let sink: @Sendable (String) -> Void

    /// A sink that hands every piece of text to `write` (pieces end with their own line breaks).
    public init(_ write: @escaping @Sendable (String) -> Void) { sink = write }

    /// Writes `text` as it is (no line break is added).
    public func write(_ text: String) { sink(text) }

    /// The process's standard output, written and flushed as Lua's `print` writes it (the
    /// same C stream), so the two keep their order.
    public static let standardOutput = OutputSink { text in
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { clua_write_stdout($0.baseAddress, $0.count) }
        }
    }
}
