/// Reads UTF-8 one scalar at a time, reporting each byte that does not belong to a
/// well-formed sequence (overlong forms, surrogates and values past U+10FFFF included).
struct UTF8Scanner<Bytes: Collection<UInt8>> {
    /// A scalar, or a byte that is not part of one.
    enum Unit: Equatable {
        case scalar(Unicode.Scalar)
        case invalid(UInt8)
    }

    private let bytes: Bytes
    private var index: Bytes.Index

    init(_ bytes: Bytes) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    mutating func next() -> Unit? {
        guard index < bytes.endIndex else { return nil }
        let lead = bytes[index]
        bytes.formIndex(after: &index)
        if lead < 0x80 { return .scalar(Unicode.Scalar(lead)) }
        let count: Int
        var value: UInt32
        var lowest: UInt32
        switch lead {
        case 0xC2...0xDF: (count, value, lowest) = (1, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (count, value, lowest) = (2, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (count, value, lowest) = (3, UInt32(lead & 0x07), 0x10000)
        default: return .invalid(lead)
        }
        var cursor = index
        for _ in 0..<count {
            guard cursor < bytes.endIndex, bytes[cursor] & 0xC0 == 0x80 else { return .invalid(lead) }
            value = value << 6 | UInt32(bytes[cursor] & 0x3F)
            bytes.formIndex(after: &cursor)
        }
        guard value >= lowest, let scalar = Unicode.Scalar(value) else { return .invalid(lead) }
        index = cursor
        return .scalar(scalar)
    }
}
