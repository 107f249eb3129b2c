/// Text made safe and measured for a terminal: what `show` prints.
///
/// Other people's text (a public story, a user name) reaches `show`, so nothing it prints
/// may be a terminal command: C0 controls, DEL, C1 controls (ESC's 8-bit twins such as
/// U+009B CSI) and the bidirectional overrides and isolates, which reorder what follows,
/// are printed as visible escapes (`\x1b`, `\u{9b}`, `\u{202e}`), and bytes that are not
/// UTF-8 as `\xff`. Every escape is also a valid Lua string escape.
///
/// Widths are terminal columns: East Asian Wide and Fullwidth characters and emoji take
/// two, combining marks and other zero-width characters none. Text is cut between grapheme
/// clusters (a Hangul syllable, a flag, an emoji ZWJ sequence stay whole), never inside one.
enum TerminalText {
    /// What happens to line breaks and quotes.
    enum Mode {
        /// A table cell, one line: newlines and tabs become spaces.
        case cell
        /// A block of text printed as it is: newlines and tabs stay.
        case block
        /// The inside of a Lua string literal: `"` and `\` are escaped, and newlines, tabs
        /// and carriage returns are `\n`, `\t`, `\r`.
        case literal
    }

    /// The ellipsis that ends a cut text (one column).
    static let ellipsis = "…"

    /// The visible form of `bytes` and its width in columns; cut to `maxWidth` columns with
    /// `…` at the end when it is wider.
    static func visible(_ bytes: some Collection<UInt8>, mode: Mode, maxWidth: Int? = nil) -> (
        text: String, width: Int
    ) {
        // Most text is printable ASCII: one column a byte, nothing to escape.
        if bytes.allSatisfy({ 0x20 <= $0 && $0 < 0x7F && (mode != .literal || ($0 != 0x22 && $0 != 0x5C)) }) {
            if let maxWidth, bytes.count > max(1, maxWidth) {
                return (
                    String(decoding: bytes.prefix(max(1, maxWidth) - 1), as: UTF8.self) + ellipsis, max(1, maxWidth)
                )
            }
            return (String(decoding: bytes, as: UTF8.self), bytes.count)
        }
        var output = Output(maxWidth: maxWidth)
        var run = String.UnicodeScalarView()
        var decoder = UTF8Scanner(bytes)
        scanning: while let unit = decoder.next() {
            let escape: String
            switch unit {
            case .invalid(let byte):
                escape = hex(byte)
            case .scalar(let scalar):
                guard let form = escaped(scalar, mode: mode) else {
                    run.append(scalar)
                    // A run longer than the byte budget is cut inside it: take it now rather
                    // than reading megabytes of text that cannot be shown.
                    if let budget = output.byteBudget, run.count > budget {
                        _ = output.add(run)
                        break scanning
                    }
                    continue scanning
                }
                escape = form
            }
            if !output.add(run) || !output.add(atom: escape, width: escape.utf8.count) { break }
            run = String.UnicodeScalarView()
        }
        _ = output.add(run)
        return output.finished()
    }

    /// The visible form of a string (see `visible(_:mode:maxWidth:)`).
    static func visible(_ text: String, mode: Mode, maxWidth: Int? = nil) -> (text: String, width: Int) {
        visible(Array(text.utf8), mode: mode, maxWidth: maxWidth)
    }

    /// The escape printed instead of `scalar`, or nil when it prints as itself.
    private static func escaped(_ scalar: Unicode.Scalar, mode: Mode) -> String? {
        let value = scalar.value
        switch value {
        case 0x0A, 0x09:
            switch mode {
            case .cell: return " "
            case .block: return nil
            case .literal: return value == 0x0A ? "\\n" : "\\t"
            }
        case 0x0D: return "\\r"
        case 0x22: return mode == .literal ? "\\\"" : nil
        case 0x5C: return mode == .literal ? "\\\\" : nil
        case 0x00...0x1F, 0x7F: return hex(UInt8(value))
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{" + String(value, radix: 16) + "}"
        default: return nil
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return "\\x" + (digits.count == 1 ? "0" + digits : digits)
    }

    /// The text built so far, cut at `maxWidth`.
    private struct Output {
        let maxWidth: Int?
        /// The most bytes a cut text holds, so that zero-width characters (a million U+200B,
        /// a letter under ten thousand combining marks) cannot make a cell huge. A real
        /// grapheme cluster takes at most about 30 bytes (a family emoji with skin tones).
        let byteBudget: Int?
        var bytes = 0
        /// The pieces kept, with their widths, so a cut can take back what `…` needs.
        var pieces: [(text: Substring, width: Int)] = []
        var text = ""
        var width = 0
        var cut = false

        init(maxWidth: Int?) {
            self.maxWidth = maxWidth.map { max(1, $0) }
            byteBudget = self.maxWidth.map { $0 * 32 }
        }

        /// Adds the grapheme clusters of `run`; false once the text is cut.
        mutating func add(_ run: String.UnicodeScalarView) -> Bool {
            guard !cut else { return false }
            guard !run.isEmpty else { return true }
            let string = String(run)
            guard let maxWidth else {
                text += string
                width += TerminalText.width(string)
                return true
            }
            for character in string {
                let columns = TerminalText.width(of: character)
                let size = character.utf8.count
                if width + columns > maxWidth || bytes + size > byteBudget ?? .max {
                    cut = true
                    return false
                }
                pieces.append((Substring(String(character)), columns))
                width += columns
                bytes += size
            }
            return true
        }

        /// Adds an escape, which is never cut in two; false once the text is cut.
        mutating func add(atom: String, width columns: Int) -> Bool {
            guard !cut else { return false }
            guard let maxWidth else {
                text += atom
                width += columns
                return true
            }
            if width + columns > maxWidth {
                cut = true
                return false
            }
            pieces.append((Substring(atom), columns))
            width += columns
            bytes += atom.utf8.count
            return true
        }

        /// The text, with `…` in the last column when it was cut.
        mutating func finished() -> (text: String, width: Int) {
            guard let maxWidth else { return (text, width) }
            if cut {
                while width + 1 > maxWidth, let last = pieces.popLast() { width -= last.width }
                pieces.append((Substring(TerminalText.ellipsis), 1))
                width += 1
            }
            return (pieces.map(\.text).joined(), width)
        }
    }
}
