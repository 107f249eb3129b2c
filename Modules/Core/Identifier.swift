import FoundationEssentials

/// Ids of stored things: lowercase UUIDs, as the contract says.
public enum Identifier {
    /// The length of an id in bytes (and characters): a UUID's 36.
    public static let length = 36

    /// A new random id (UUID version 4, from the system's secure generator), lowercase.
    public static func random() -> String {
        let bytes = randomVersion4()
        let hex: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: bytes) { raw in
            String(unsafeUninitializedCapacity: length) { buffer in
                var written = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[written] = UInt8(ascii: "-")
                        written += 1
                    }
                    buffer[written] = hex.utf8Start[Int(byte >> 4)]
                    buffer[written + 1] = hex.utf8Start[Int(byte & 0x0f)]
                    written += 2
                }
                return written
            }
        }
    }

    /// Whether `text` is an id as `random()` writes them: 36 characters, lowercase hex digits
    /// in groups of 8, 4, 4, 4 and 12 joined by `-` (the id a client chooses for a call it
    /// may run again, `walks.request{id=}`).
    public static func isWellFormed(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == length else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                else { return false }
            }
        }
        return true
    }

    /// The id a caller chose for what a route makes (`walks.request{id=}`), checked: nil for
    /// none.
    /// - Throws: `invalid_argument` (field `id`) when it is not a lowercase UUID.
    public static func chosen(_ text: String?) throws -> String? {
        guard let text else { return nil }
        guard isWellFormed(text) else {
            throw AppError.invalidArgument(
                "id is a lowercase UUID (as app-shell writes them), got '\(text.prefix(40))'", field: "id")
        }
        return text
    }

    /// The error for a chosen id another person's row has already.
    public static let taken = AppError.invalidArgument("id is taken; choose another", field: "id")

    /// 16 bytes from the system's secure generator (the standard library's
    /// `SystemRandomNumberGenerator`: `getrandom` or glibc's `arc4random_buf`), marked as a
    /// version 4 UUID. `UUID()` opened, read and closed /dev/urandom for each id: three
    /// system calls on every completion's path.
    private static func randomVersion4() -> uuid_t {
        var generator = SystemRandomNumberGenerator()
        var words = (generator.next() as UInt64, generator.next() as UInt64)
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { target in
            withUnsafeBytes(of: &words) { source in target.copyMemory(from: source) }
        }
        bytes.6 = (bytes.6 & 0x0F) | 0x40  // version 4
        bytes.8 = (bytes.8 & 0x3F) | 0x80  // RFC 4122 variant
        return bytes
    }

    /// Whether `text` has the shape of an id: 36 characters, hex digits (lowercase or
    /// uppercase) in groups of 8, 4, 4, 4 and 12 joined by hyphens, as `UUID(uuidString:)`
    /// reads them, without its `sscanf`.
    public static func looksLikeIdentifier(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.count == 36 else { return false }
            return hasIdentifierShape(utf8)
        }
    }

    /// Whether 36 bytes are hex digits with hyphens after the 8th, 12th, 16th and 20th.
    private static func hasIdentifierShape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for (index, byte) in utf8.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                    UInt8(ascii: "A")...UInt8(ascii: "F"):
                    continue
                default: return false
                }
            }
        }
        return true
    }
}
