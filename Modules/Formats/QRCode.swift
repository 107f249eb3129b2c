import CQRencode
import Core

/// A QR code of a short text, made by libqrencode (loaded on first use; error correction
/// level M, the smallest version that holds the text), and drawn for a terminal: Unicode
/// half blocks, two rows of modules a line, so a phone's camera reads it off the screen.
public struct QRCode: Sendable, Equatable {
    /// The widest code drawn: version 40, 177 modules.
    public static let maximumWidth = 177
    /// The light border around the code, in modules: the 4 the standard asks for.
    public static let quietZone = 4

    /// The code's width (and height) in modules, without the quiet zone.
    public let width: Int
    /// The modules, row after row: true for a dark one.
    public let modules: [Bool]

    /// The QR code of `text`.
    /// - Throws: `invalid_argument` (field `text`) for a text no QR code holds;
    ///   `internal` when libqrencode cannot be loaded.
    public init(encoding text: String) throws {
        guard !text.isEmpty, !text.utf8.contains(0) else {
            throw AppError.invalidArgument("a QR code holds 1 or more bytes, none of them NUL", field: "text")
        }
        var buffer = [UInt8](repeating: 0, count: Self.maximumWidth * Self.maximumWidth)
        var error = [CChar](repeating: 0, count: 256)
        let width = cqrencode_encode(text, &buffer, buffer.count, &error, error.count)
        guard width > 0 else {
            let message = String(cBuffer: error)
            if message.hasPrefix("cannot load") || message.hasPrefix("libqrencode lacks") {
                throw AppError.internal(message)
            }
            throw AppError.invalidArgument(message, field: "text")
        }
        self.width = Int(width)
        self.modules = buffer.prefix(Int(width) * Int(width)).map { $0 == 1 }
    }

    /// Whether the module at column `x`, row `y` is dark; the quiet zone and beyond are light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<width).contains(x), (0..<width).contains(y) else { return false }
        return modules[y * width + x]
    }

    /// The code for a terminal with a dark background, as `qrencode -t UTF8` draws it: light
    /// modules are drawn (the quiet zone too) and dark ones left blank, two rows a line
    /// (`█` both light, `▀` the upper, `▄` the lower, a space neither). Each line ends in a
    /// newline.
    public var terminalText: String {
        let first = -Self.quietZone
        let last = width + Self.quietZone
        var text = ""
        var y = first
        while y < last {
            for x in first..<last {
                let upper = !isDark(x: x, y: y)
                let lower = y + 1 < last && !isDark(x: x, y: y + 1)
                text += upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
            }
            text += "\n"
            y += 2
        }
        return text
    }

    /// The modules a terminal text of `terminalText`'s kind shows, quiet zone included, row
    /// after row (true for dark): what a camera reads off the screen. Nil for text of other
    /// characters or ragged lines.
    public static func modules(readingTerminalText text: String) -> [[Bool]]? {
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            var upper: [Bool] = []
            var lower: [Bool] = []
            for character in line {
                let upperLight: Bool
                let lowerLight: Bool
                switch character {
                case "█": (upperLight, lowerLight) = (true, true)
                case "▀": (upperLight, lowerLight) = (true, false)
                case "▄": (upperLight, lowerLight) = (false, true)
                case " ": (upperLight, lowerLight) = (false, false)
                default: return nil
                }
                upper.append(!upperLight)
                lower.append(!lowerLight)
            }
            guard rows.isEmpty || rows[0].count == upper.count else { return nil }
            rows.append(upper)
            rows.append(lower)
        }
        return rows
    }
}
