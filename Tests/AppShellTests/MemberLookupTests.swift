import Core
import Foundation
import Storage
import Testing

/// Every policy asks `app_me` once a statement who is acting, so its lookup must go
/// through the index on `users.name`. Comparing the column with `session_user` itself, of
/// type `name` and so of collation "C", kept it from the index (made in the database's
/// collation), and with 10,000 members every statement of a member read the whole table:
/// `make bench-scale` measured story pages at 8.7 ms through the policies beside 0.5 ms
/// without them.
@Suite(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
struct MemberLookupTests {
    /// The shared buffers the second run of `lookup` in a session reads.
    private func buffersOfALookup(_ sql: PostgresDatabase, _ lookup: String) throws -> Int {
        _ = try sql.query(lookup) { try $0.string(0) }
        let plan = try #require(
            try sql.queryOne("EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) \(lookup)") { try $0.string(0) })
        let json = try JSONSerialization.jsonObject(with: Data(plan.utf8)) as? [[String: Any]]
        let top = try #require(json?.first?["Plan"] as? [String: Any])
        return try #require(top["Shared Hit Blocks"] as? Int) + (top["Shared Read Blocks"] as? Int ?? 0)
    }

    @Test func theActingMemberIsFoundThroughTheIndexAmongThousands() throws {
        let server = try PostgresMembers(["mina"])
        let name = server.name("mina")
        let (app, _) = try server.app(of: name)  // the first login writes mina's row
        app.database.close()
        try server.admin.database.execute(
            """
            INSERT INTO users (id, name, created_at, name_key)
            SELECT 'lookup-' || n, 'lookup_' || n, 0, 'lookup_' || n FROM generate_series(1, 5000) n
            """)
        try server.admin.database.execute("ANALYZE users")
        let sql = try server.sql(of: name)
        defer { sql.close() }
        #expect(
            try sql.queryOne("SELECT app_user_id() = (SELECT id FROM users WHERE name = ?)", [.text(name)]) {
                try $0.bool(0)
            } == true)
        #expect(
            try sql.queryOne("SELECT (SELECT id FROM app_me) = (SELECT id FROM users WHERE name = ?)", [.text(name)]) {
                try $0.bool(0)
            } == true)
        // A scan of 5,000 rows reads dozens of pages; the index, a handful.
        #expect(try buffersOfALookup(sql, "SELECT id FROM app_me") <= 8)
        #expect(try buffersOfALookup(sql, "SELECT app_user_id()") <= 8)
    }
}
