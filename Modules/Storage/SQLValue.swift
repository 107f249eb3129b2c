import Core
import Time

/// A value bound to a statement parameter.
public enum SQLValue: Sendable, Equatable {
    /// SQL NULL.
    case null
    /// An INTEGER.
    case int(Int)
    /// A REAL.
    case double(Double)
    /// TEXT.
    case text(String)
    /// A BLOB.
    case blob([UInt8])
    /// A boolean: each backend binds it its own way (SQLite: INTEGER 0 or 1; PostgreSQL:
    /// `boolean`). Columns declare it with `SQLDialect.booleanType`.
    case bool(Bool)

    /// A day as TEXT `YYYY-MM-DD` (sorts in time order).
    public static func day(_ day: LocalDay) -> SQLValue { .text(day.description) }

    /// An optional day, NULL when nil.
    public static func day(_ day: LocalDay?) -> SQLValue { day.map { .text($0.description) } ?? .null }

    /// An instant as INTEGER milliseconds since the epoch.
    public static func instant(_ instant: Instant) -> SQLValue { .int(instant.millisecondsSince1970) }

    /// Optional text, NULL when nil.
    public static func text(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }

    /// An optional integer, NULL when nil.
    public static func int(_ number: Int?) -> SQLValue { number.map(SQLValue.int) ?? .null }
}

extension SQLValue: ExpressibleByStringLiteral {
    /// TEXT.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    /// An INTEGER.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension SQLValue: ExpressibleByNilLiteral {
    /// NULL.
    public init(nilLiteral: ()) { self = .null }
}
