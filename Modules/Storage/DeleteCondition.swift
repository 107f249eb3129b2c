/// One condition of a `Database.delete(from:where:)`: a column compared with a value.
///
/// Deletes are stated as data rather than as SQL text because a member of a shared server
/// may not `DELETE` from a table (the privilege would let them `LOCK TABLE` it against
/// everyone): their deletes go through the server's `app_delete` function, which builds the
/// same statement from these parts, under the member's row-level security.
public struct DeleteCondition: Sendable, Equatable {
    /// How the column is compared with the value.
    public enum Comparison: String, Sendable, CaseIterable {
        /// `=`
        case equal = "="
        /// `<`
        case less = "<"
        /// `<=`
        case lessOrEqual = "<="
        /// `>`
        case greater = ">"
        /// `>=`
        case greaterOrEqual = ">="
    }

    /// The column, a plain name the caller chose (never text from a user).
    public let column: String
    /// The comparison.
    public let comparison: Comparison
    /// The value; an integer or a text (a NULL would match nothing).
    public let value: SQLValue

    /// `column comparison value`.
    public init(_ column: String, _ comparison: Comparison, _ value: SQLValue) {
        self.column = column
        self.comparison = comparison
        self.value = value
    }

    /// `column = value`.
    public static func equal(_ column: String, _ value: SQLValue) -> DeleteCondition {
        DeleteCondition(column, .equal, value)
    }

    /// The statement these conditions make on `table`, with its `?` arguments.
    public static func statement(from table: String, where conditions: [DeleteCondition]) -> (
        sql: String, arguments: [SQLValue]
    ) {
        let clause = conditions.map { "\($0.column) \($0.comparison.rawValue) ?" }.joined(separator: " AND ")
        return ("DELETE FROM \(table)" + (conditions.isEmpty ? "" : " WHERE \(clause)"), conditions.map(\.value))
    }
}
