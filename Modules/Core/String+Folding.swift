extension String {
    /// The form names and keywords are compared in: trimmed, lowercased, Unicode NFC. Swift
    /// compares strings by canonical equivalence but SQLite by bytes, so a Hangul name typed
    /// composed or decomposed (as macOS file names are) must be stored in one form.
    public var foldedForMatching: String {
        String(decoding: trimmingWhitespace.lowercased()._nfcCodeUnits, as: UTF8.self)
    }
}
