/// Masks the passwords a text may hold, keeping the rest readable: the password of every
/// URL's `user:password@` (`postgres://mina:********@db.example.org/walks`) and the value of
/// every `password=` word (libpq's `key=value` words, a URL's `?password=`, `sslpassword=`,
/// `PGPASSWORD=`).
///
/// Used wherever a command line, an environment variable or a sink's URL could reach a
/// script or a message: the sandbox's `arg` and `os.getenv`, the events sink's errors.
/// It errs on the side of masking: a URL's authority runs to its first `/` (as libpq reads
/// it), and its user information to the last `@` before that; a user name without a
/// password is kept.
public enum CredentialRedaction {
    /// What a password becomes.
    public static let mask = "********"

    /// `text` with every password it holds replaced by `mask`.
    public static func redacted(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let masked = redacted(bytes)
        return masked == bytes ? text : String(decoding: masked, as: UTF8.self)
    }

    /// `bytes` (any encoding that keeps ASCII as it is) with every password masked.
    public static func redacted(_ bytes: [UInt8]) -> [UInt8] {
        passwordWordsMasked(urlPasswordsMasked(bytes))
    }

    private static let maskBytes = Array(mask.utf8)

    /// Masks the password of each `scheme://user:password@host`.
    private static func urlPasswordsMasked(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        var index = 0
        while index + 3 <= bytes.count {
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
                bytes[index + 2] == UInt8(ascii: "/")
            else {
                index += 1
                continue
            }
            let start = index + 3
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")),
                let colon = bytes[start..<at].firstIndex(of: UInt8(ascii: ":")),
                Array(bytes[(colon + 1)..<at]) != maskBytes
            {
                bytes.replaceSubrange((colon + 1)..<at, with: maskBytes)
            }
            index = start
        }
        return bytes
    }

    /// Masks the value of each `password=value` (any case; spaces around `=` as libpq
    /// allows; a quoted value `'...'` to its closing quote; inside a URL's query, a value
    /// ends at `&` or `#`, elsewhere at white space).
    private static func passwordWordsMasked(_ input: [UInt8]) -> [UInt8] {
        let key = Array("password".utf8)
        var bytes = input
        var index = 0
        while index + key.count <= bytes.count {
            guard zip(bytes[index..<(index + key.count)], key).allSatisfy({ lowercased($0) == $1 }) else {
                index += 1
                continue
            }
            let inQuery = index > 0 && (bytes[index - 1] == UInt8(ascii: "?") || bytes[index - 1] == UInt8(ascii: "&"))
            var cursor = index + key.count
            while cursor < bytes.count, isBlank(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
                index += 1
                continue
            }
            cursor += 1
            while cursor < bytes.count, isBlank(bytes[cursor]) { cursor += 1 }
            var valueStart = cursor
            var valueEnd = cursor
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "'") {
                valueStart = cursor + 1
                valueEnd = valueStart
                while valueEnd < bytes.count, bytes[valueEnd] != UInt8(ascii: "'") {
                    valueEnd += bytes[valueEnd] == UInt8(ascii: "\\") ? 2 : 1
                }
                valueEnd = min(valueEnd, bytes.count)
            } else {
                while valueEnd < bytes.count, !isBlank(bytes[valueEnd]),
                    !(inQuery && (bytes[valueEnd] == UInt8(ascii: "&") || bytes[valueEnd] == UInt8(ascii: "#")))
                {
                    valueEnd += 1
                }
            }
            if valueEnd > valueStart, Array(bytes[valueStart..<valueEnd]) != maskBytes {
                bytes.replaceSubrange(valueStart..<valueEnd, with: maskBytes)
                valueEnd = valueStart + maskBytes.count
            }
            index = max(valueEnd, index + 1)
        }
        return bytes
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
