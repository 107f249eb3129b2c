import Core
import Storage
import Testing

/// `executeEach`: bulk statements in pipelines, all rows or none.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresPipelineTests {
    private func makeTable(_ connection: PostgresConnection) throws -> String {
        let table = PostgresTestServer.tableName("bulk")
        try connection.executeScript(
            "CREATE TEMPORARY TABLE \(table) (n bigint PRIMARY KEY, word text NOT NULL, photo bytea)")
        return table
    }

    /// 1,234 rows: three pipelines of at most 500.
    private let rows: [[SQLValue]] = (1...1234).map { [.int($0), .text("줄 \($0) 🐾"), .blob([0, UInt8($0 % 256), 0])] }

    @Test func insertsEveryRowWithOneStatementInPipelines() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        try connection.executeEach("INSERT INTO \(table) (n, word, photo) VALUES ($1, $2, $3)", rows)
        let summary = try connection.queryOne(
            "SELECT count(*), sum(n), max(word) FILTER (WHERE n = 1234) FROM \(table)"
        ) {
            (try $0.int(0), try $0.int(1), try $0.string(2))
        }
        #expect(summary?.0 == 1234)
        #expect(summary?.1 == 1234 * 1235 / 2)
        #expect(summary?.2 == "줄 1234 🐾")
        let photo = try connection.queryOne("SELECT photo FROM \(table) WHERE n = 300") { $0.blob(0) }
        #expect(photo == [0, 44, 0])
        #expect(!connection.isInTransaction)
    }

    @Test func aFailingRowInALaterPipelineLeavesNoRow() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        var broken = rows
        broken[700] = [.int(3), .text("again"), .null]  // a duplicate key in the second pipeline
        let error = #expect(throws: StorageError.self) {
            try connection.executeEach("INSERT INTO \(table) (n, word, photo) VALUES ($1, $2, $3)", broken)
        }
        #expect(error?.failure == .duplicate)
        #expect(!connection.isInTransaction)
        // The connection left pipeline mode and works on.
        #expect(try connection.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == 0)
    }

    @Test func badArgumentsAreRefusedBeforeAnythingIsSent() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        var broken = rows
        broken[1000] = [.int(1001), .text("nul \u{0} inside"), .null]
        let error = #expect(throws: AppError.self) {
            try connection.executeEach("INSERT INTO \(table) (n, word, photo) VALUES ($1, $2, $3)", broken)
        }
        #expect(error?.code == "invalid_argument")
        #expect(try connection.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == 0)
    }

    @Test func insideATransactionTheRowsJoinIt() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        #expect(throws: AppError.self) {
            try connection.transaction { connection in
                try connection.executeEach(
                    "INSERT INTO \(table) (n, word) VALUES ($1, $2)", [[1, "하나"], [2, "둘"]])
                throw AppError.invalidArgument("changed my mind")
            }
        }
        #expect(try connection.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == 0)
        try connection.transaction { connection in
            try connection.executeEach("INSERT INTO \(table) (n, word) VALUES ($1, $2)", [[1, "하나"], [2, "둘"]])
        }
        #expect(try connection.query("SELECT word FROM \(table) ORDER BY n") { try $0.string(0) } == ["하나", "둘"])
    }
}
