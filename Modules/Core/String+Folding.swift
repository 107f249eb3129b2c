import CUTF8Proc

extension String {
    /// The form names and keywords are compared in: trimmed, lowercased, Unicode NFC. Swift
    /// compares strings by canonical equivalence but SQLite by bytes, so a Hangul name typed
    /// composed or decomposed (as macOS file names are) must be stored in one form.
    public var foldedForMatching: String {
        let lowered = trimmingWhitespace.lowercased()
        // Most names and keywords are already NFC: they skip the C call and its allocation.
        if lowered.unicodeScalars.allSatisfy(Self.leavesNFCAlone) { return lowered }
        return lowered.nfc
    }

    /// Whether NFC leaves `scalar` alone wherever it stands (Unicode's NFC_Quick_Check=Yes):
    /// it is a starter (combining class 0), has no canonical decomposition that NFC would
    /// keep, and is never the second of a pair that composes. Checked against utf8proc's own
    /// tables over every scalar of these ranges in StringFoldingTests. The ranges are the
    /// scripts most names and keywords are written in: Latin-1 and Latin Extended A and B
    /// (below the combining diacritics at U+0300), Hangul syllables and compatibility jamo,
    /// CJK ideographs, and the pictographs and emoji.
    static func leavesNFCAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x300, 0x3131...0x318E, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1FAFF: true
        default: false
        }
    }

    /// This string as text the app keeps: composed (NFC), so Hangul typed as separate jamo
    /// or a letter followed by its accent is one character, as the limits and the database
    /// count it. Text of the scripts NFC leaves alone (`leavesNFCAlone`: Latin, composed
    /// Hangul, CJK, emoji) is returned as it is, without a call into utf8proc.
    public var composed: String {
        unicodeScalars.allSatisfy(Self.leavesNFCAlone) ? self : nfc
    }

    /// This string trimmed of white space and newlines and composed (`composed`): how a
    /// name, a message or a quote is kept.
    public var keptText: String { trimmingWhitespace.composed }

    /// This string in Unicode NFC (canonical composition), by utf8proc. utf8proc fails only
    /// when it cannot allocate; the string is then returned unchanged (still canonically
    /// equal, so nothing is lost but byte equality with another spelling).
    var nfc: String {
        var utf8 = self
        return utf8.withUTF8 { bytes in
            var output: UnsafeMutablePointer<UInt8>?
            let options = utf8proc_option_t(rawValue: UTF8PROC_STABLE.rawValue | UTF8PROC_COMPOSE.rawValue)
            let count = utf8proc_map(bytes.baseAddress, bytes.count, &output, options)
            defer { free(output) }
            guard count >= 0, let output else { return self }
            return String(decoding: UnsafeBufferPointer(start: output, count: count), as: UTF8.self)
        }
    }
}
