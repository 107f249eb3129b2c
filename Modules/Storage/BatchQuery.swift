/// One query of a batch (`Database.forEach(_ batch:)`): its SQL, its arguments, and what is
/// done with each of its rows.
public struct BatchQuery {
    /// The statement, with `?` placeholders.
    public let sql: String
    /// The placeholders' values.
    public let arguments: [SQLValue]
    /// Called for each row, in order.
    public let body: (Row) throws -> Void

    /// A query of a batch.
    public init(_ sql: String, _ arguments: [SQLValue] = [], _ body: @escaping (Row) throws -> Void) {
        self.sql = sql
        self.arguments = arguments
        self.body = body
    }
}
