import Core

/// Tables every waiting session reads or writes on each request (`inbox`, `walk_requests`)
/// vacuumed and analyzed no sooner than after `changes` changes (PostgreSQL's own
/// defaults: a vacuum after 50 dead rows or 1,000 inserted ones, plus a fifth of the
/// table; an analysis after 50 changed rows plus a tenth).
///
/// An autovacuum updates the table's size in the catalog, which drops every session's plan
/// of every statement that reads the table; each session plans it again at its next run,
/// through the row-level security policies (a member's inbox look: 0.14 ms, then 1.26 ms
/// once after a `VACUUM inbox`). A thousand waiting sessions look every second, so each
/// vacuum of a young, busy table held every member's statements back for seconds, and
/// PostgreSQL vacuumed such a table about every minute (docs/performance.md, "Waiting
/// people"). The fraction of a large table stays the larger part: this changes only how soon a
/// small one is vacuumed, at the price of up to `changes` dead rows between two vacuums.
/// Each vacuum still makes every session plan again; it comes less often.
public enum RarerVacuum {
    /// The changes (dead, inserted, or changed rows for `ANALYZE`) before a vacuum.
    public static let changes = 100_000

    /// A step, run only on PostgreSQL, that sets the thresholds of each of `tables`.
    public static func migration(version: Int, tables: [String]) -> Migration {
        Migration(
            version: version,
            summary: "vacuumed after \(changes) changes (PostgreSQL: \(tables.joined(separator: ", ")))",
            makingPostgreSQL: { tables.map(thresholds).joined(separator: "\n") })
    }

    /// `table`'s storage parameters.
    static func thresholds(_ table: String) -> String {
        """
        ALTER TABLE \(table) SET (autovacuum_vacuum_threshold = \(changes), \
        autovacuum_vacuum_insert_threshold = \(changes), autovacuum_analyze_threshold = \(changes));
        """
    }
}
