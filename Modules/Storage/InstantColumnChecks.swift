import Core

/// The schema step that makes a module's instant columns refuse numbers outside the years
/// 1 to 9999 (`Instant.checkedMilliseconds`), so no row the app or a member in `psql` writes
/// can hold an instant that overflows the app's arithmetic when it is read.
///
/// - PostgreSQL: a `CHECK (column BETWEEN ...)` constraint per column, added `NOT VALID`:
///   every new or changed row is checked, while a row written before (by a member in
///   `psql`) does not stop the migration; readers skip such a row (`Row.instant` refuses it).
/// - SQLite cannot add a `CHECK` to a table without rebuilding it (and its triggers,
///   indexes and foreign keys), so a `BEFORE INSERT` and a `BEFORE UPDATE OF` trigger per
///   table raise `ABORT` instead: the same `storage.constraint` failure, and for a REAL or
///   TEXT value too. A later step that rebuilds such a table must create its triggers again.
///
/// The text this makes is part of released migrations: it must never change. A different
/// rule is a new function and a new step.
public enum InstantColumnChecks {
    /// Step `version`: checks on `columns`, by table, in this order.
    public static func migration(version: Int, columns: [(table: String, columns: [String])]) -> Migration {
        let range = Instant.checkedMilliseconds
        let bounds = "\(range.lowerBound) AND \(range.upperBound)"
        var sqlite: [String] = []
        var postgreSQL: [String] = []
        for (table, names) in columns {
            let condition = names.map {
                "typeof(NEW.\($0)) NOT IN ('integer', 'null') OR NEW.\($0) NOT BETWEEN \(bounds)"
            }
            .joined(separator: " OR ")
            let message = "\(table): \(names.joined(separator: ", ")) must be instants in the years 1 to 9999"
            let raise = "BEGIN SELECT RAISE(ABORT, '\(message)'); END;"
            sqlite.append(
                "CREATE TRIGGER \(table)_instants_insert BEFORE INSERT ON \(table) WHEN \(condition) \(raise)")
            sqlite.append(
                "CREATE TRIGGER \(table)_instants_update BEFORE UPDATE OF \(names.joined(separator: ", ")) ON \(table) "
                    + "WHEN \(condition) \(raise)")
            for name in names {
                postgreSQL.append(
                    "ALTER TABLE \(table) ADD CONSTRAINT \(table)_\(name)_instant CHECK (\(name) BETWEEN \(bounds)) NOT VALID;"
                )
            }
        }
        return Migration(
            version: version, summary: "instants only in the years 1 to 9999",
            sql: sqlite.joined(separator: "\n"), postgreSQL: postgreSQL.joined(separator: "\n"))
    }
}
