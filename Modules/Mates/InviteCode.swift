import Core

/// A mate invite code: 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
/// drawn from the system's secure random generator.
public enum InviteCode {
    /// The characters codes are made of.
    public static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    /// A code's length.
    public static let length = 6

    /// A new random code.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// The code as typed, uppercased, when it has a code's shape.
    /// - Throws: `invalid_argument` (field `code`).
    public static func parse(_ typed: String) throws -> String {
        let code = typed.trimmingWhitespace.uppercased()
        guard code.count == length, code.allSatisfy({ alphabet.contains($0) }) else {
            throw AppError.invalidArgument(
                "an invite code is \(length) characters of \(String(alphabet)), got '\(typed)'", field: "code")
        }
        return code
    }
}
