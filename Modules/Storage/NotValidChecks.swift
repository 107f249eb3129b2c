/// The text of a PostgreSQL schema step that adds `CHECK` constraints `NOT VALID` (each new
/// or changed row is checked; a row written before does not stop the step), as
/// `InstantColumnChecks` and `TextLengthChecks` add theirs.
enum NotValidChecks {
    /// `ALTER TABLE <table> ADD CONSTRAINT <table>_<name>_<kind> CHECK (<condition>) NOT
    /// VALID;` for each check, a line each, in order. Part of released migrations: it must
    /// never change.
    static func text(kind: String, _ checks: [(table: String, name: String, condition: String)]) -> String {
        checks.map { check in
            "ALTER TABLE \(check.table) ADD CONSTRAINT \(check.table)_\(check.name)_\(kind) CHECK (\(check.condition)) NOT VALID;"
        }.joined(separator: "\n")
    }
}
