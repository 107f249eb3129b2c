/// A notification for the person at the screen (`app.notify(title, body)`): checked and
/// made safe to show once, here, whatever shows it.
///
/// Control characters (C0, DEL, C1) and the bidirectional controls that can make text read
/// differently from how it is stored (U+202A...U+202E, U+2066...U+2069, U+200E, U+200F,
/// U+061C) become spaces: other people's text (a mate's nickname) cannot drive a terminal or
/// disguise itself. The body keeps its line breaks for a desktop notification; the one line
/// on standard error has none.
public struct DesktopNotification: Sendable, Equatable {
    /// The longest title, in characters (grapheme clusters: a Hangul syllable or an emoji
    /// counts one).
    public static let maximumTitleLength = 100
    /// The error code of a desktop notification refused before it is sent: the session
    /// bus named is not a `unix:` socket (another transport could run a program).
    public static let busRefusedCode = "app.bus_refused"
    /// The longest body, in characters.
    public static let maximumBodyLength = 1_000

    /// The title, neutralised and trimmed: one line.
    public let title: String
    /// The body, neutralised and trimmed; line breaks kept; may be empty.
    public let body: String

    /// A notification of `title` and `body`.
    /// - Throws: `invalid_argument` (field `title` or `body`) for an empty title or a text
    ///   over its limit.
    public init(title: String, body: String) throws {
        let cleanTitle = Self.neutralised(title, keepingLineBreaks: false).trimmingWhitespace
        guard !cleanTitle.isEmpty else {
            throw AppError.invalidArgument("a notification needs a title", field: "title")
        }
        guard title.count <= Self.maximumTitleLength else {
            throw AppError.invalidArgument(
                "a notification's title is at most \(Self.maximumTitleLength) characters, got \(title.count)",
                field: "title")
        }
        guard body.count <= Self.maximumBodyLength else {
            throw AppError.invalidArgument(
                "a notification's body is at most \(Self.maximumBodyLength) characters, got \(body.count)",
                field: "body")
        }
        self.title = cleanTitle
        self.body = Self.neutralised(body, keepingLineBreaks: true).trimmingWhitespace
    }

    /// The line standard error shows when no desktop does: `app-shell: notify: Title — body`.
    public var line: String {
        let flat = body.split(separator: "\n", omittingEmptySubsequences: true).map { String($0).trimmingWhitespace }
            .joined(separator: " / ")
        return "app-shell: notify: " + title + (flat.isEmpty ? "" : " — " + flat)
    }

    /// The body as freedesktop notification servers read it: some take a subset of markup
    /// in the body, so `&`, `<` and `>` are escaped to show as written.
    public var markupBody: String {
        var text = ""
        for character in body {
            switch character {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            default: text.append(character)
            }
        }
        return text
    }

    /// `text` with every control and bidirectional control scalar replaced by a space
    /// (line feeds kept when `keepingLineBreaks`; a CR LF pair becomes one line feed).
    static func neutralised(_ text: String, keepingLineBreaks: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            if scalar == "\n", keepingLineBreaks {
                if previousWasReturn { scalars.removeLast() }
                scalars.append(scalar)
                continue
            }
            if scalar == "\r", keepingLineBreaks {
                scalars.append("\n")
                continue
            }
            scalars.append(isControl(scalar) ? " " : scalar)
        }
        return String(scalars)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
