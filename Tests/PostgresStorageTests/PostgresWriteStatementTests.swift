import Testing

@testable import Storage

/// Outside a transaction, a statement that may write is watched as a `COMMIT` is (its
/// commit may wait for a synchronous standby, which `statement_timeout` does not count);
/// a read is not, so a waiting loop's looks, and the app's `WITH` reads, start no watcher
/// thread. Which is which, by the first word or `SQLDialect.writesMark`
/// (`Tests/Scripts/checks/pgfailover.sh` runs the wait itself).
@Suite struct PostgresWriteStatementTests {
    @Test(arguments: [
        "INSERT INTO walk_requests (id) SELECT ?1", "  update inbox SET claim = ?", "\n\tDELETE FROM mates",
        "MERGE INTO t USING s ON true", "Insert into t values (1)", "/* writes */ SELECT mate_drop()",
        "\n  /* writes */ SELECT app_delete(?, ?, ?, ?)",
    ])
    func aStatementThatMayWriteIsWatched(sql: String) {
        #expect(PostgresConnection.writes(sql))
    }

    @Test(arguments: [
        "SELECT 1", "  select $2 FROM inbox", "", "   ", "INSERTS", "UPDATED t", "(SELECT 1)", "-- INSERT",
        "WITHOUT", "DELETEX FROM t", "BEGIN", "COMMIT", "SET plan_cache_mode = force_generic_plan", "삽입 INSERT",
        "WITH hidden AS (SELECT 1) SELECT * FROM hidden", "/* reads */ SELECT 1", "SELECT mate_drop()",
    ])
    func aReadOrACommandIsNot(sql: String) {
        #expect(!PostgresConnection.writes(sql))
    }
}
