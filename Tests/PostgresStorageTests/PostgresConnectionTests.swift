import CPostgres
import Core
import Storage
import Testing
import Time

@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresConnectionTests {
    @Test func connectsAndLoadsLibpqOnlyThen() throws {
        let connection = try PostgresTestServer.connect()
        #expect(PostgresConnection.isLibraryLoaded)
        #expect(connection.serverVersion >= 150_000)
        #expect(connection.host == "127.0.0.1")
        #expect(connection.port == PostgresTestServer.port)
        #expect(connection.database == "postgres")
        #expect(try connection.queryOne("SELECT current_user") { try $0.string(0) } == "admin")
    }

    @Test func preparesEachStatementOncePerConnection() throws {
        let connection = try PostgresTestServer.connect()
        for number in 1...3 {
            #expect(try connection.queryOne("SELECT $1::bigint * 2", [.int(number)]) { try $0.int(0) } == number * 2)
        }
        #expect(connection.preparedStatementCount == 1)
        let onServer = try connection.queryOne("SELECT count(*) FROM pg_prepared_statements") { try $0.int(0) }
        #expect(onServer == 2)  // the first statement and this one
    }

    @Test func rewritesTheTextOnceWhenItIsFirstPrepared() throws {
        var rewrites = 0
        let connection = try PostgresConnection(PostgresTestServer.url ?? "") { sql in
            rewrites += 1
            return sql.replacing("?", with: "$1")
        }
        for _ in 1...3 { #expect(try connection.queryOne("SELECT ?::text", ["가"]) { try $0.string(0) } == "가") }
        #expect(rewrites == 1)
    }

    @Test(arguments: [
        "산책 가자 🐕‍🦺", "", "'; DROP TABLE x; --", "a\\b\"c", String(repeating: "문장", count: 10_000),
    ])
    func textRoundTrips(_ text: String) throws {
        let connection = try PostgresTestServer.connect()
        let back = try connection.queryOne("SELECT $1::text, octet_length($1::text)", [.text(text)]) {
            (try $0.string(0), try $0.int(1))
        }
        #expect(back?.0 == text)
        #expect(back?.1 == text.utf8.count)
    }

    @Test(arguments: [0, 1, -1, Int.max, Int.min, 1_764_547_200_000])
    func bigintRoundTrips(_ number: Int) throws {
        let connection = try PostgresTestServer.connect()
        #expect(try connection.queryOne("SELECT $1::bigint", [.int(number)]) { try $0.int(0) } == number)
    }

    @Test(arguments: [
        0.1, -1e-300, 1.7976931348623157e308, .leastNonzeroMagnitude, 37.5665, 126.978, .infinity, -.infinity,
    ])
    func doubleRoundTripsExactly(_ number: Double) throws {
        let connection = try PostgresTestServer.connect()
        let back = try connection.queryOne("SELECT $1::double precision", [.double(number)]) { try $0.double(0) }
        #expect(back == number)
    }

    @Test func notANumberRoundTrips() throws {
        let connection = try PostgresTestServer.connect()
        let back = try connection.queryOne("SELECT $1::double precision", [.double(.nan)]) { try $0.double(0) }
        #expect(back?.isNaN == true)
    }

    static let photos: [[UInt8]] = [
        [], [0], [0, 1, 0, 255, 0], (0...255).map { UInt8($0) }, [UInt8](repeating: 0, count: 70_000),
    ]

    @Test(arguments: Self.photos)
    func byteaRoundTripsWithNulBytes(_ bytes: [UInt8]) throws {
        let connection = try PostgresTestServer.connect()
        let table = PostgresTestServer.tableName("bytea")
        try connection.executeScript("CREATE TEMPORARY TABLE \(table) (photo bytea NOT NULL)")
        try connection.execute("INSERT INTO \(table) (photo) VALUES ($1)", [.blob(bytes)])
        let back = try connection.queryOne("SELECT photo, octet_length(photo) FROM \(table)") {
            ($0.blob(0), try $0.int(1))
        }
        #expect(back?.0 == bytes)
        #expect(back?.1 == bytes.count)
    }

    @Test func nullsReadAsNilAndRefuseNonOptionalReads() throws {
        let connection = try PostgresTestServer.connect()
        try connection.forEach(
            "SELECT $1::text AS nickname, $1::bigint AS born, $1::double precision AS lat, $1::bytea AS photo",
            [.null]
        ) { row in
            #expect(row.isNull(0))
            #expect(row.optionalString(0) == nil)
            #expect(row.optionalInt(1) == nil)
            #expect((try? row.optionalInstant(1)) == .some(nil))
            #expect(row.optionalDouble(2) == nil)
            #expect(row.blob(3) == [])
            let error = #expect(throws: StorageError.self) { try row.int(1) }
            #expect(error?.failure == .corrupt)
            #expect(error?.message.contains("born") == true)
        }
    }

    @Test func booleansReadFromBooleanAndIntegerColumns() throws {
        let connection = try PostgresTestServer.connect()
        let table = PostgresTestServer.tableName("bool")
        try connection.executeScript("CREATE TEMPORARY TABLE \(table) (public boolean, flag bigint)")
        // Text "1" and "0" are boolean input, so SQLite's 0/1 arguments bind to a boolean.
        try connection.execute("INSERT INTO \(table) VALUES ($1, $2), ($3, $4)", [1, 1, 0, 0])
        let rows = try connection.query("SELECT public, flag FROM \(table) ORDER BY flag DESC") {
            (try $0.bool(0), try $0.bool(1))
        }
        #expect(rows.map(\.0) == [true, false])
        #expect(rows.map(\.1) == [true, false])
    }

    @Test(arguments: [true, false])
    func aBoolParameterBindsToABooleanColumn(flag: Bool) throws {
        let connection = try PostgresTestServer.connect()
        let table = PostgresTestServer.tableName("boolparam")
        try connection.executeScript("CREATE TEMPORARY TABLE \(table) (public boolean NOT NULL)")
        try connection.execute("INSERT INTO \(table) VALUES ($1)", [.bool(flag)])
        let stored = try connection.queryOne("SELECT public::text FROM \(table)") { try $0.string(0) }
        #expect(stored == (flag ? "true" : "false"))
    }

    @Test func daysAndInstantsRead() throws {
        let connection = try PostgresTestServer.connect()
        let row = try connection.queryOne(
            "SELECT $1::text, DATE '2026-11-29', $2::bigint",
            [
                .day(LocalDay(year: 2026, month: 2, day: 28)),
                .instant(Instant(millisecondsSince1970: 1_764_547_200_123)),
            ]
        ) {
            (try $0.day(0), try $0.day(1), try $0.instant(2))
        }
        #expect(row?.0 == LocalDay(year: 2026, month: 2, day: 28))
        #expect(row?.1 == LocalDay(year: 2026, month: 11, day: 29))
        #expect(row?.2 == Instant(millisecondsSince1970: 1_764_547_200_123))
    }

    @Test func executeCountsTheRowsItChanged() throws {
        let connection = try PostgresTestServer.connect()
        let table = PostgresTestServer.tableName("count")
        try connection.executeScript("CREATE TEMPORARY TABLE \(table) (n bigint)")
        #expect(try connection.execute("INSERT INTO \(table) SELECT generate_series(1, $1::int)", [5]) == 5)
        #expect(try connection.execute("UPDATE \(table) SET n = n + 1 WHERE n > $1", [2]) == 3)
        #expect(try connection.execute("INSERT INTO \(table) VALUES ($1) RETURNING n", [7]) == 1)
        #expect(try connection.execute("DELETE FROM \(table)") == 6)
        #expect(try connection.execute("SELECT 1") == 0)
    }

    @Test func uniqueViolationIsADuplicate() throws {
        let connection = try PostgresTestServer.connect()
        let table = PostgresTestServer.tableName("unique")
        try connection.executeScript(
            "CREATE TEMPORARY TABLE \(table) (name text PRIMARY KEY, age bigint CHECK (age >= 0))")
        try connection.execute("INSERT INTO \(table) VALUES ($1, $2)", ["보리", 3])
        let duplicate = #expect(throws: StorageError.self) {
            try connection.execute("INSERT INTO \(table) VALUES ($1, $2)", ["보리", 4])
        }
        #expect(duplicate?.failure == .duplicate)
        let constraint = #expect(throws: StorageError.self) {
            try connection.execute("INSERT INTO \(table) VALUES ($1, $2)", ["콩", -1])
        }
        #expect(constraint?.failure == .constraint)
        #expect(try connection.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == 1)
    }

    @Test func textWithANulCharacterIsRefusedNotTruncated() throws {
        let connection = try PostgresTestServer.connect()
        let error = #expect(throws: AppError.self) { try connection.execute("SELECT $1::text", [.text("a\u{0}b")]) }
        #expect(error?.code == "invalid_argument")
    }

    @Test func aSyntaxErrorIsAStorageErrorAndNotCached() throws {
        let connection = try PostgresTestServer.connect()
        let error = #expect(throws: StorageError.self) { try connection.execute("SELEKT 1") }
        #expect(error?.failure == .other)
        #expect(error?.message.contains("SELEKT") == true)
        #expect(connection.preparedStatementCount == 0)
    }

    @Test func transactionCommitsOrRollsBack() throws {
        let connection = try PostgresTestServer.connect()
        let table = PostgresTestServer.tableName("tx")
        try connection.executeScript("CREATE TEMPORARY TABLE \(table) (n bigint)")
        try connection.transaction { try $0.execute("INSERT INTO \(table) VALUES (1)") }
        #expect(throws: AppError.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO \(table) VALUES (2)")
                throw AppError.invalidArgument("no")
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try connection.query("SELECT n FROM \(table) ORDER BY n") { try $0.int(0) } == [1])
    }

    @Test func nestedTransactionIsASavepointThatRollsBackAlone() throws {
        let connection = try PostgresTestServer.connect()
        let table = PostgresTestServer.tableName("savepoint")
        try connection.executeScript("CREATE TEMPORARY TABLE \(table) (n bigint)")
        try connection.transaction { outer in
            try outer.execute("INSERT INTO \(table) VALUES (1)")
            _ = try? outer.transaction { inner in
                try inner.execute("INSERT INTO \(table) VALUES (2)")
                try inner.execute("INSERT INTO \(table) VALUES ('not a number')")
            }
            try outer.execute("INSERT INTO \(table) VALUES (3)")
        }
        #expect(try connection.query("SELECT n FROM \(table) ORDER BY n") { try $0.int(0) } == [1, 3])
    }

    @Test func aTransactionWhoseStatementFailedCannotCommit() throws {
        let connection = try PostgresTestServer.connect()
        let table = PostgresTestServer.tableName("aborted")
        try connection.executeScript("CREATE TABLE \(table) (n bigint)")
        defer { try? connection.executeScript("DROP TABLE \(table)") }
        let error = #expect(throws: StorageError.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO \(table) VALUES (1)")
                _ = try? connection.execute("INSERT INTO \(table) VALUES ('x')")
            }
        }
        #expect(error?.failure == .other)
        #expect(try connection.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == 0)
    }

    @Test func closedConnectionRefusesWork() throws {
        let connection = try PostgresTestServer.connect()
        connection.close()
        connection.close()
        let error = #expect(throws: StorageError.self) { try connection.execute("SELECT 1") }
        #expect(error?.failure == .closed)
    }
}
