import Core
import Storage
import Testing

/// Round trips a transaction costs: `BEGIN` waits for the transaction's first statement
/// and travels with it, a statement seen for the first time is prepared and run in one
/// pipeline, and an empty transaction sends nothing. Retries still start from the top.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresRoundTripTests {
    private func makeTable(_ connection: PostgresConnection) throws -> String {
        let table = PostgresTestServer.tableName("trips")
        try connection.executeScript("CREATE TEMPORARY TABLE \(table) (n bigint PRIMARY KEY, word text)")
        return table
    }

    /// Round trips `body` took on `connection`.
    private func trips(_ connection: PostgresConnection, _ body: () throws -> Void) rethrows -> Int {
        let before = connection.roundTrips
        try body()
        return connection.roundTrips - before
    }

    @Test func aTransactionOfOnePreparedStatementTakesTwoRoundTrips() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        let insert = "INSERT INTO \(table) (n, word) VALUES ($1, $2)"
        try connection.execute(insert, [.int(1), .text("prepared here")])
        let taken = try trips(connection) {
            try connection.transaction { _ = try $0.execute(insert, [.int(2), .text("둘 🐾")]) }
        }
        #expect(taken == 2)  // BEGIN + INSERT, then COMMIT
        #expect(
            try connection.query("SELECT word FROM \(table) ORDER BY n") { try $0.string(0) } == [
                "prepared here", "둘 🐾",
            ])
        #expect(!connection.isInTransaction)
    }

    @Test func aNewStatementIsPreparedAndRunInOneRoundTrip() throws {
        let connection = try PostgresTestServer.connect()
        var answer: Int?
        let taken = try trips(connection) {
            answer = try connection.queryOne("SELECT $1::int + 1", [.int(41)]) { try $0.int(0) }
        }
        #expect(answer == 42)
        #expect(taken == 1)
        #expect(connection.preparedStatementCount == 1)
        #expect(try trips(connection) { _ = try connection.queryOne("SELECT $1::int + 1", [.int(1)]) { _ in 0 } } == 1)
    }

    @Test func aTransactionOfANewStatementTakesTwoRoundTrips() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        let taken = try trips(connection) {
            try connection.transaction { _ = try $0.execute("INSERT INTO \(table) (n) VALUES ($1)", [.int(7)]) }
        }
        #expect(taken == 2)  // BEGIN + PREPARE + INSERT, then COMMIT
        #expect(try connection.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == 1)
    }

    @Test(arguments: [PostgresIsolation.readCommitted, .repeatableRead, .serializable])
    func theFirstStatementRunsInsideTheTransactionItsBeginOpened(_ isolation: PostgresIsolation) throws {
        let connection = try PostgresTestServer.connect()
        let seen = try connection.transaction(isolation: isolation) { connection in
            let level = try connection.queryOne("SELECT current_setting('transaction_isolation')") { try $0.string(0) }
            let first = try connection.queryOne("SELECT txid_current()") { try $0.int(0) }
            let second = try connection.queryOne("SELECT txid_current()") { try $0.int(0) }
            return (level, first, second)
        }
        #expect(seen.0 == isolation.rawValue.lowercased())
        #expect(seen.1 != nil && seen.1 == seen.2)  // one transaction, not one per statement
    }

    @Test func anEmptyTransactionSendsNothing() throws {
        let connection = try PostgresTestServer.connect()
        let taken = try trips(connection) { try connection.transaction { _ in } }
        #expect(taken == 0)
        #expect(!connection.isInTransaction)
    }

    @Test func bulkRowsOutsideATransactionTakeTwoRoundTrips() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        let rows: [[SQLValue]] = (1...20).map { [.int($0), .text("줄 \($0)")] }
        let taken = try trips(connection) {
            try connection.executeEach("INSERT INTO \(table) (n, word) VALUES ($1, $2)", rows)
        }
        #expect(taken == 2)  // BEGIN + PREPARE + 20 INSERTs, then COMMIT
        #expect(try connection.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == 20)
    }

    @Test func aFailingFirstStatementRollsBackAndIsNotCached() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        let error = #expect(throws: StorageError.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO \(table) (n) VALUES ($1)", [.text("not a number")])
            }
        }
        #expect(error?.failure.code == "storage.error")
        #expect(!connection.isInTransaction)
        let unknown = #expect(throws: StorageError.self) {
            try connection.transaction { try $0.execute("INSERT INTO no_such_table_here VALUES (1)") }
        }
        #expect(unknown?.failure.code == "storage.error")
        // The transactions' BEGIN and the INSERT into the table; not the bad one.
        #expect(connection.preparedStatementCount == 2)
        #expect(try connection.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == 0)
    }

    @Test func aBodyThatSwallowsItsFirstStatementsErrorCannotCommit() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        let error = #expect(throws: StorageError.self) {
            try connection.transaction { connection in
                _ = try? connection.execute("INSERT INTO \(table) (n) VALUES ('x')")
                try connection.execute("INSERT INTO \(table) (n) VALUES (1)")
            }
        }
        #expect(error?.failure.code == "storage.error")
        #expect(try connection.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == 0)
    }

    @Test func savepointsTravelWithTheNextStatementAndReleasesWithTheCommit() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        let insert = "INSERT INTO \(table) (n) VALUES ($1)"
        try connection.execute(insert, [.int(0)])
        let taken = try trips(connection) {
            try connection.transaction { outer in
                try outer.execute(insert, [.int(1)])
                try outer.transaction { inner in _ = try inner.execute(insert, [.int(2)]) }
                try outer.transaction { _ in }  // nothing ran: nothing sent
            }
        }
        #expect(taken == 3)  // BEGIN + INSERT, SAVEPOINT + INSERT, RELEASE + COMMIT
        #expect(try connection.query("SELECT n FROM \(table) ORDER BY n") { try $0.int(0) } == [0, 1, 2])
    }

    @Test func aFailedStatementInASavepointRollsBackToItAndTheRestCommits() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        try connection.transaction { outer in
            try outer.execute("INSERT INTO \(table) (n) VALUES (1)")
            _ = try? outer.transaction { inner in
                try inner.transaction { innermost in _ = try innermost.execute("INSERT INTO \(table) (n) VALUES (2)") }
                try inner.execute("INSERT INTO \(table) (n) VALUES (1)")  // a duplicate key
            }
            try outer.execute("INSERT INTO \(table) (n) VALUES (3)")
        }
        #expect(try connection.query("SELECT n FROM \(table) ORDER BY n") { try $0.int(0) } == [1, 3])
    }

    @Test func writesThatCanWaitGoWithTheCommit() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        let insert = "INSERT INTO \(table) (n, word) VALUES ($1, $2)"
        try connection.execute(insert, [.int(0), .text("prepared")])
        let taken = try trips(connection) {
            try connection.transaction { connection in
                try connection.execute(insert, [.int(1), .text("now")])
                try connection.executeLater(insert, [[.int(2), .text("later 🐾")], [.int(3), .text("나중에")]])
            }
        }
        #expect(taken == 2)  // BEGIN + INSERT, then the two waiting INSERTs + COMMIT
        #expect(
            try connection.query("SELECT word FROM \(table) ORDER BY n") { try $0.string(0) } == [
                "prepared", "now", "later 🐾", "나중에",
            ])
    }

    @Test func aWaitingWriteThatFailsFailsTheTransactionAtCommit() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        let error = #expect(throws: StorageError.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO \(table) (n) VALUES (1)")
                try connection.executeLater("INSERT INTO \(table) (n) VALUES ($1)", [[.int(1)]])
            }
        }
        #expect(error?.failure.code == "storage.duplicate")
        #expect(!connection.isInTransaction)
        #expect(try connection.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) } == 0)
    }

    @Test func waitingWritesOfASavepointThatRollsBackAreDropped() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        let insert = "INSERT INTO \(table) (n) VALUES ($1)"
        try connection.transaction { outer in
            try outer.execute(insert, [.int(1)])
            _ = try? outer.transaction { inner in
                try inner.executeLater(insert, [[.int(2)]])
                throw AppError.invalidArgument("undo")
            }
            _ = try? outer.transaction { inner in
                try inner.execute(insert, [.int(3)])  // the SAVEPOINT goes out with it
                try inner.executeLater(insert, [[.int(4)]])
                throw AppError.invalidArgument("undo")
            }
            try outer.executeLater(insert, [[.int(5)]])
        }
        #expect(try connection.query("SELECT n FROM \(table) ORDER BY n") { try $0.int(0) } == [1, 5])
    }

    @Test func aSavepointFirstOpensTheTransactionToo() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        try connection.transaction { outer in
            _ = try? outer.transaction { inner in
                try inner.execute("INSERT INTO \(table) (n) VALUES (1)")
                throw AppError.invalidArgument("undo the inner part")
            }
            try outer.execute("INSERT INTO \(table) (n) VALUES (2)")
        }
        #expect(try connection.query("SELECT n FROM \(table)") { try $0.int(0) } == [2])
    }

    /// A first statement that fails with 40001 twice (a sequence is not rolled back, so it
    /// counts the attempts): the body runs again from the start, and the third attempt commits.
    @Test func aSerializationFailureOfTheFirstStatementIsRetriedFromTheStart() throws {
        let connection = try PostgresTestServer.connect()
        let table = try makeTable(connection)
        let flaky = PostgresTestServer.tableName("flaky")
        try connection.executeScript(
            """
            CREATE SEQUENCE pg_temp.\(flaky);
            CREATE FUNCTION pg_temp.\(flaky)() RETURNS bigint LANGUAGE plpgsql AS $$
            DECLARE attempt bigint := nextval('pg_temp.\(flaky)');
            BEGIN
                IF attempt < 3 THEN RAISE EXCEPTION 'try again' USING ERRCODE = '40001'; END IF;
                RETURN attempt;
            END $$;
            """)
        var bodies = 0
        let taken = try trips(connection) {
            try connection.transaction(retry: PostgresRetryPolicy(attempts: 5, baseDelay: 1, maximumDelay: 2)) {
                connection in
                bodies += 1
                let attempt = try connection.queryOne("SELECT pg_temp.\(flaky)()") { try $0.int(0) }
                try connection.execute("INSERT INTO \(table) (n) VALUES ($1)", [.int(attempt ?? 0)])
            }
        }
        #expect(bodies == 3)
        #expect(try connection.query("SELECT n FROM \(table)") { try $0.int(0) } == [3])
        // Two failed attempts (BEGIN + SELECT, then ROLLBACK), then BEGIN + SELECT, INSERT, COMMIT.
        #expect(taken == 2 * 2 + 3)
    }
}
