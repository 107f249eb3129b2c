import Core

/// The SCRAM-SHA-256 secret PostgreSQL stores for a password (RFC 5802, RFC 7677), made on
/// the client as `psql`'s `\password` does, so `CREATE ROLE ... PASSWORD` carries the
/// verifier and the password itself never reaches the server, its statement log or an
/// error message.
///
/// Format: `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`, base64 parts.
/// The password is used as its UTF-8 bytes. PostgreSQL's own client first applies
/// SASLprep (NFKC and a few mappings), which leaves ASCII and precomposed Hangul as they
/// are; the server applies it again at login, so a password that SASLprep would change
/// (compatibility characters, non-ASCII spaces) is refused by `make` instead.
public enum ScramVerifier {
    /// PostgreSQL's default iteration count (`scram_iterations`).
    public static let iterations = 4096

    /// The verifier of `password` with a random 16-byte salt.
    public static func make(password: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return make(password: password, salt: salt, iterations: iterations)
    }

    /// The verifier of `password` with this salt and iteration count (tests fix them).
    public static func make(password: String, salt: [UInt8], iterations: Int) -> String {
        let salted = saltedPassword(Array(password.utf8), salt: salt, iterations: iterations)
        let clientKey = hmac(key: salted, message: Array("Client Key".utf8))
        let storedKey = SHA256.digest(clientKey)
        let serverKey = hmac(key: salted, message: Array("Server Key".utf8))
        return "SCRAM-SHA-256$\(iterations):\(base64(salt))$\(base64(storedKey)):\(base64(serverKey))"
    }

    /// Whether SASLprep leaves `password` as it is for certain: printable ASCII, and
    /// letters of scripts NFKC does not change (Hangul syllables, CJK, most emoji).
    public static func isStableUnderSASLprep(_ password: String) -> Bool {
        password.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x21...0x7E: true  // printable ASCII but the space, which SASLprep keeps too
            case 0x20: true
            case 0xAC00...0xD7A3: true  // precomposed Hangul syllables
            case 0x4E00...0x9FFF: true  // CJK unified ideographs
            case 0x1F300...0x1FAFF: true  // pictographs and emoji
            default: false
            }
        }
    }

    /// PBKDF2-HMAC-SHA-256 with one 32-byte block (`Hi` of RFC 5802).
    static func saltedPassword(_ password: [UInt8], salt: [UInt8], iterations: Int) -> [UInt8] {
        var previous = hmac(key: password, message: salt + [0, 0, 0, 1])
        var result = previous
        for _ in 1..<max(1, iterations) {
            previous = hmac(key: password, message: previous)
            for index in result.indices { result[index] ^= previous[index] }
        }
        return result
    }

    /// HMAC-SHA-256 (RFC 2104).
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? SHA256.digest(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = SHA256.digest(block.map { $0 ^ 0x36 } + message)
        return SHA256.digest(block.map { $0 ^ 0x5C } + inner)
    }

    /// Standard base64 with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                text.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : "=")
            }
            index += 3
        }
        return text
    }
}
