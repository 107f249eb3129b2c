extension String {
    /// The string without leading and trailing white space and newlines, by index: no
    /// reversed copies (names and quotes are trimmed on every write).
    public var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
