import Core

/// A PostgreSQL error code (SQLSTATE, five characters) and the storage failure it means.
///
/// The cases are the ones the SQLite side makes from its result codes, so repositories
/// match the same case whatever the backend: a unique violation is `.duplicate` (they
/// turn it into `habits.name_taken` ...), a serialization failure or deadlock is
/// `.conflict`, which `PostgresConnection.transaction` retries from the start.
public struct SQLState: Sendable, Equatable, CustomStringConvertible {
    /// The five characters, e.g. `23505`.
    public let code: String

    /// A code as the server reports it.
    public init(_ code: String) { self.code = code }

    /// The five characters as the server sent them.
    public var description: String { code }

    /// The two-character class (`23` integrity constraint violation ...).
    public var errorClass: Substring { code.prefix(2) }

    /// Whether running the whole transaction again may succeed: a serialization failure
    /// (`40001`) or a deadlock (`40P01`). The server rolled the transaction back.
    public var isRetryable: Bool { code == "40001" || code == "40P01" }

    /// Whether the server or the connection to it is gone: connection exceptions (`08`),
    /// an administrator or crash shutdown, or a server still starting (`57P01`...`57P03`).
    public var isUnavailable: Bool { errorClass == "08" || ["57P01", "57P02", "57P03"].contains(code) }

    /// The storage failure this code means.
    public var failure: StorageFailure {
        switch code {
        case "23505": .duplicate
        case _ where errorClass == "23": .constraint
        case _ where isRetryable: .conflict
        case _ where isUnavailable: .unavailable
        // Missing privilege, and a row that a row-level security policy refuses.
        case "42501": .forbidden
        case "53100": .full
        // A lock not had within lock_timeout, a statement past statement_timeout or
        // cancelled at the script's deadline (PQcancel).
        case "55P03", "57014": .busy
        case "XX001", "XX002": .corrupt
        default: .other
        }
    }
}
