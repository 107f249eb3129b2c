/// The isolation level of a transaction (`BEGIN ISOLATION LEVEL ...`).
public enum PostgresIsolation: String, Sendable {
    /// Each statement sees what was committed before it started (PostgreSQL's default).
    case readCommitted = "READ COMMITTED"
    /// The whole transaction sees one snapshot; a concurrent update of a row it updates fails
    /// with a serialization failure (retried).
    case repeatableRead = "REPEATABLE READ"
    /// As if the transactions ran one after another; any anomaly is a serialization failure
    /// (retried). CockroachDB's default.
    case serializable = "SERIALIZABLE"
}
