import Time

/// A person using AppShell: the acting user of every route call.
public struct User: Sendable, Equatable {
    /// A lowercase UUID.
    public let id: String
    /// The unique user name (`--user NAME`, `app.login(name)`).
    public let name: String
    /// When the user was first seen.
    public let createdAt: Instant

    /// A user as stored; `UserAccounts` checks a new name.
    public init(id: String, name: String, createdAt: Instant) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }

    /// Checks a user name: 1 to 32 characters of letters, digits, `_`, `-` and `.`.
    /// - Throws: `invalid_argument` (field `name`) naming what is wrong.
    public static func validate(name: String) throws {
        guard !name.isEmpty, name.count <= 32 else {
            throw AppError.invalidArgument(
                "a user name must be 1 to 32 characters, got \(name.count)", field: "name")
        }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            (scalar.value < 128 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || scalar == "_" || scalar == "-" || scalar == "."
        }
        guard allowed else {
            throw AppError.invalidArgument(
                "a user name may hold only letters, digits, '_', '-' and '.', got '\(name)'", field: "name")
        }
    }
}
