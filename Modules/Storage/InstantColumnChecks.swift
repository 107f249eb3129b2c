import Core
import Time

/// The schema step that makes a module's instant columns refuse numbers outside the years
/// 1 to 9999 (`Instant.checkedMilliseconds`), so no row the app or a member in `psql` writes
/// can hold an instant that overflows the app's arithmetic when it is read.
///
/// - PostgreSQL: a `CHECK (column BETWEEN ...)` constraint per column, added `NOT VALID`:
///   every new or changed row is checked, while a row written before (by a member in
///   `psql`) does not stop the migration; readers skip such a row (`Row.instant` refuses it).
/// - SQLite: nothing. A file serves one person, who alone can write it behind the app's
///   back, and every reader checks what it reads (`Row.instant`). SQLite cannot add a
///   `CHECK` without rebuilding the table, and a trigger per table is parsed again at every
///   open: two per table doubled the schema SQLite reads at each start (3.5 M of a start's
///   10.8 M instructions).
///
/// The text this makes is part of released migrations: it must never change. A different
/// rule is a new function and a new step.
public enum InstantColumnChecks {
    /// Step `version`: checks on `columns`, by table, in this order.
    public static func migration(
        version: Int, columns: @escaping @Sendable @autoclosure () -> [(table: String, columns: [String])]
    ) -> Migration {
        Migration(version: version, summary: "instants only in the years 1 to 9999 (PostgreSQL)") {
            let range = Instant.checkedMilliseconds
            let bounds = "\(range.lowerBound) AND \(range.upperBound)"
            return NotValidChecks.text(
                kind: "instant",
                columns().flatMap { table in
                    table.columns.map { (table: table.table, name: $0, condition: "\($0) BETWEEN \(bounds)") }
                })
        }
    }
}
