import Core
import Storage
import Testing

/// Every session plans a prepared statement once, for any parameters
/// (`plan_cache_mode=force_generic_plan` in the options app-shell hands the server), and a
/// URL's own `options` still win.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresPlanCacheTests {
    /// The plans the server made for `sql` prepared on `connection`: (generic, custom).
    private func plans(_ connection: PostgresConnection, of sql: String) throws -> (Int?, Int?) {
        let counts = try connection.queryOne(
            "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1", [.text(sql)]
        ) { (try $0.int(0), try $0.int(1)) }
        return counts ?? (nil, nil)
    }

    @Test func aStatementIsPlannedOnceForAnyParameters() throws {
        let connection = try PostgresTestServer.connect()
        let mode = try connection.queryOne("SELECT current_setting('plan_cache_mode')") { try $0.string(0) }
        #expect(mode == "force_generic_plan")
        let table = PostgresTestServer.tableName("plans")
        try connection.executeScript(
            "CREATE TEMPORARY TABLE \(table) (n bigint PRIMARY KEY, word text); "
                + "INSERT INTO \(table) SELECT g, '산책 ' || g FROM generate_series(1, 100) g")
        let sql = "SELECT word FROM \(table) WHERE n = $1"
        var words: [String?] = []
        for n in [3, 50, 99] { words.append(try connection.queryOne(sql, [.int(n)]) { try $0.string(0) }) }
        #expect(words == ["산책 3", "산책 50", "산책 99"])
        let (generic, custom) = try plans(connection, of: sql)
        #expect(generic == 3)
        #expect(custom == 0)  // left to itself, PostgreSQL plans the first five runs each anew
    }

    @Test func theURLsOwnOptionsWin() throws {
        let url = try #require(PostgresTestServer.url)
        let separator = url.contains("?") ? "&" : "?"
        let connection = try PostgresConnection(url + separator + "options=-c%20plan_cache_mode%3Dauto")
        let mode = try connection.queryOne("SELECT current_setting('plan_cache_mode')") { try $0.string(0) }
        #expect(mode == "auto")
        let sql = "SELECT $1::int + 1"
        _ = try connection.queryOne(sql, [.int(1)]) { try $0.int(0) }
        let (generic, custom) = try plans(connection, of: sql)
        #expect(generic == 0)
        #expect(custom == 1)
    }
}
