import Core
import Testing

@testable import Storage

/// The inbox, read by every waiting session each second, is vacuumed no sooner than after
/// `RarerVacuum.changes` changes on PostgreSQL: each vacuum drops every session's plans of
/// its statements (docs/performance.md, "Waiting people"). SQLite has no such settings.
@Suite struct RarerVacuumTests {
    @Test(arguments: DatabaseBackend.available)
    func theInboxIsVacuumedAfterAHundredThousandChanges(backend: DatabaseBackend) throws {
        let database = try backend.openScratch()
        try Migrator(database: database).migrate([CoreSchema.migratorModule])
        #expect(try Migrator(database: database).versions()[CoreSchema.module] ?? 0 >= 18)
        guard backend == .postgres else { return }
        let options = try database.query(
            "SELECT unnest(reloptions) FROM pg_class WHERE oid = CAST('inbox' AS regclass) ORDER BY 1", []
        ) { try $0.string(0) }
        #expect(
            options == [
                "autovacuum_analyze_threshold=100000", "autovacuum_vacuum_insert_threshold=100000",
                "autovacuum_vacuum_threshold=100000",
            ])
    }
}
