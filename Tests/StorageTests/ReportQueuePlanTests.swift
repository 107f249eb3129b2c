import Core
import Testing

@testable import Storage

/// `admin.reports{status = ...}` reads the reports of one status through
/// `reports_by_status` under the plan every app-shell session makes once for any status
/// (`plan_cache_mode = force_generic_plan`, `PostgresConnectSettings.planSettings`). One
/// statement for both cases, `(CAST(?1 AS TEXT) IS NULL OR r.status = ?1)`, could not use
/// the index in that plan: it read and sorted every report of the server.
@Suite struct ReportQueuePlanTests {
    @Test(arguments: DatabaseBackend.available.filter { $0 == .postgres })
    func theQueueOfOneStatusReadsItsIndexInTheGenericPlan(backend: DatabaseBackend) throws {
        let database = try backend.openScratch()
        try Migrator(database: database).migrate([CoreSchema.migratorModule])
        try database.executeScript("SET plan_cache_mode = force_generic_plan; SET enable_seqscan = off")
        let (sql, _) = SQLReportStore.queueQuery(status: "pending")
        try database.executeScript("PREPARE report_queue (text) AS " + sql.replacingOccurrences(of: "?1", with: "$1"))
        let plan = try database.query("EXPLAIN EXECUTE report_queue ('pending')", []) { try $0.string(0) }
        #expect(plan.contains { $0.contains("reports_by_status") }, "\(plan.joined(separator: "\n"))")
        try database.executeScript("DEALLOCATE report_queue")
    }

    @Test(arguments: DatabaseBackend.available)
    func theQueueIsEveryReportOrThoseOfOneStatus(backend: DatabaseBackend) throws {
        let database = try backend.openScratch()
        try Migrator(database: database).migrate([CoreSchema.migratorModule])
        try database.executeScript(
            """
            INSERT INTO users (id, name, name_key, created_at) VALUES ('u', 'minji', 'minji', 0);
            INSERT INTO reports (id, reporter_id, target_kind, target_id, reason, status, created_at)
                VALUES ('a', 'u', 'story', 's1', 'spam', 'pending', 1000), ('b', 'u', 'story', 's2', 'spam', 'reviewed', 2000),
                       ('c', 'u', 'story', 's3', 'spam', 'pending', 3000);
            """)
        let store = SQLReportStore(database: database)
        #expect(try store.queue(status: nil).map(\.report.id) == ["c", "b", "a"])
        #expect(try store.queue(status: "pending").map(\.report.id) == ["c", "a"])
        #expect(try store.queue(status: "resolved").isEmpty)
    }
}
