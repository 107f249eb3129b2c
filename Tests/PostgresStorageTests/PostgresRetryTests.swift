import Core
import Storage
import Testing

/// Serialization failures provoked for real: two connections in SERIALIZABLE, each reading
/// what the other writes (write skew), so the second to commit fails with 40001.
@Suite(.enabled(if: PostgresTestServer.isConfigured, PostgresTestServer.skipReason))
struct PostgresRetryTests {
    private static let quick = PostgresRetryPolicy(attempts: 4, baseDelay: 2, maximumDelay: 10)

    /// Walkers on duty: each transaction adds itself only if nobody of the other kind is on.
    private func makeTable(_ connection: PostgresConnection) throws -> String {
        let table = PostgresTestServer.tableName("duty")
        try connection.executeScript("CREATE TABLE \(table) (kind text NOT NULL, name text NOT NULL)")
        return table
    }

    /// The other person's whole transaction, committed while ours is open.
    private func otherPersonJoins(_ table: String, on other: PostgresConnection) throws {
        try other.transaction(isolation: .serializable, retry: .never) { other in
            _ = try other.query("SELECT name FROM \(table) WHERE kind = 'b'") { try $0.string(0) }
            try other.execute("INSERT INTO \(table) VALUES ('a', $1)", ["하나"])
        }
    }

    @Test func serializationFailureIsRetriedFromTheStart() throws {
        let ours = try PostgresTestServer.connect()
        let other = try PostgresTestServer.connect()
        let table = try makeTable(ours)
        defer { try? ours.executeScript("DROP TABLE \(table)") }
        var attempts = 0
        var seen: [[String]] = []
        try ours.transaction(isolation: .serializable, retry: Self.quick) { ours in
            attempts += 1
            seen.append(try ours.query("SELECT name FROM \(table) WHERE kind = 'a'") { try $0.string(0) })
            if attempts == 1 { try otherPersonJoins(table, on: other) }
            try ours.execute("INSERT INTO \(table) VALUES ('b', $1)", ["둘 🐾"])
        }
        #expect(attempts == 2)
        #expect(seen == [[], ["하나"]])  // the second attempt started afresh and saw the other's row
        #expect(try ours.query("SELECT name FROM \(table) ORDER BY kind") { try $0.string(0) } == ["하나", "둘 🐾"])
    }

    /// The same, with our write waiting to go with the COMMIT: the failure surfaces there,
    /// and the whole body runs again.
    @Test func aSerializationFailureOfAWaitingWriteIsRetriedFromTheStart() throws {
        let ours = try PostgresTestServer.connect()
        let other = try PostgresTestServer.connect()
        let table = try makeTable(ours)
        defer { try? ours.executeScript("DROP TABLE \(table)") }
        var attempts = 0
        try ours.transaction(isolation: .serializable, retry: Self.quick) { ours in
            attempts += 1
            _ = try ours.query("SELECT name FROM \(table) WHERE kind = 'a'") { try $0.string(0) }
            if attempts == 1 { try otherPersonJoins(table, on: other) }
            try ours.executeLater("INSERT INTO \(table) VALUES ('b', $1)", [["later"]])
        }
        #expect(attempts == 2)
        #expect(!ours.isInTransaction)
        #expect(try ours.query("SELECT name FROM \(table) ORDER BY kind") { try $0.string(0) } == ["하나", "later"])
    }

    @Test func aConflictWithoutRetriesLeftReachesTheCallerAsStorageConflict() throws {
        let ours = try PostgresTestServer.connect()
        let other = try PostgresTestServer.connect()
        let table = try makeTable(ours)
        defer { try? ours.executeScript("DROP TABLE \(table)") }
        var attempts = 0
        let error = #expect(throws: StorageError.self) {
            try ours.transaction(isolation: .serializable, retry: .never) { ours in
                attempts += 1
                _ = try ours.query("SELECT name FROM \(table) WHERE kind = 'a'") { try $0.string(0) }
                try otherPersonJoins(table, on: other)
                try ours.execute("INSERT INTO \(table) VALUES ('b', 'late')")
            }
        }
        #expect(error?.failure == .conflict)
        #expect(attempts == 1)
        #expect(!ours.isInTransaction)
        #expect(try ours.query("SELECT name FROM \(table)") { try $0.string(0) } == ["하나"])
    }

    @Test func aCommitWhoseOutcomeIsUnknownIsNeverRetried() throws {
        let ours = try PostgresTestServer.connect()
        let administrator = try PostgresTestServer.connect()
        let table = try makeTable(administrator)
        defer { try? administrator.executeScript("DROP TABLE \(table)") }
        var attempts = 0
        let error = #expect(throws: StorageError.self) {
            try ours.transaction(retry: Self.quick) { ours in
                attempts += 1
                try ours.execute("INSERT INTO \(table) VALUES ('a', 'maybe')")
                // The connection dies between the last statement and COMMIT.
                let ended = try administrator.queryOne(
                    "SELECT pg_terminate_backend($1::int, 5000)", [.int(Int(ours.backendProcessID))]
                ) { try $0.bool(0) }
                #expect(ended == true)
            }
        }
        #expect(attempts == 1)
        #expect(error?.failure == .outcomeUnknown)
        #expect(error.map { AppError.wrapping($0).code } == "storage.outcome_unknown")
        #expect(error?.message.contains("unknown") == true)
        #expect(error?.message.contains("127.0.0.1") == true)
    }
}

struct PostgresRetryPolicyTests {
    @Test func waitsGrowWithJitterUnderTheCeiling() {
        let policy = PostgresRetryPolicy(attempts: 5, baseDelay: 10, maximumDelay: 50)
        for attempt in 1...4 {
            let ceiling = min(50, 10 << (attempt - 1))
            let waits = (0..<200).map { _ in policy.delay(after: attempt) }
            #expect(waits.allSatisfy { 0...ceiling ~= $0 })
            #expect(Set(waits).count > 1)  // jittered, not in step
        }
    }

    @Test func neverMeansOneAttempt() {
        #expect(PostgresRetryPolicy.never.attempts == 1)
        #expect(PostgresRetryPolicy(attempts: 0, baseDelay: -1, maximumDelay: -1).attempts == 1)
        #expect(PostgresRetryPolicy.standard.attempts > 1)
    }
}

struct SQLStateTests {
    @Test(arguments: [
        ("23505", StorageFailure.duplicate), ("23503", .constraint), ("23514", .constraint),
        ("40001", .conflict), ("40P01", .conflict), ("08006", .unavailable), ("57P01", .unavailable),
        ("42501", .forbidden), ("53100", .full), ("XX001", .corrupt), ("42601", .other),
    ])
    func mapsToTheStorageFailures(_ code: String, _ expected: StorageFailure) {
        #expect(SQLState(code).failure == expected)
    }

    @Test func onlySerializationFailuresAndDeadlocksAreRetryable() {
        #expect(SQLState("40001").isRetryable)
        #expect(SQLState("40P01").isRetryable)
        #expect(!SQLState("23505").isRetryable)
        #expect(!SQLState("08006").isRetryable)
        #expect(!SQLState("40002").isRetryable)  // integrity constraint violation at commit
    }
}
