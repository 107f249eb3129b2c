import Core
import Dispatch
import Foundation
import Testing

@testable import Storage

@Suite struct ConcurrentWriterTests {
    private static let writesPerWriter = 300

    private struct Stop: Error {}

    private func createTables(at path: String) throws {
        let database = try SQLiteDatabase(path: path)
        try database.executeScript(
            """
            CREATE TABLE writes (
                id INTEGER PRIMARY KEY,
                writer TEXT NOT NULL,
                sequence INTEGER NOT NULL,
                UNIQUE (writer, sequence)
            );
            CREATE TABLE counter (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
            INSERT INTO counter (id, value) VALUES (1, 0);
            """)
    }

    /// A body that writes `writesPerWriter` rows as `writer`, one transaction each.
    private func writer(_ name: String, on database: @escaping @Sendable () throws -> any Database)
        -> @Sendable () throws -> Void
    {
        {
            let database = try database()
            for sequence in 0..<Self.writesPerWriter {
                let changed = try database.transaction {
                    try database.execute(
                        "INSERT INTO writes (writer, sequence) VALUES (?, ?)", [.text(name), .int(sequence)])
                }
                if changed != 1 { throw AppError.internal("\(name) #\(sequence) changed \(changed) rows") }
            }
        }
    }

    private func expectAllWrites(at path: String, writers: [String]) throws {
        let database = try SQLiteDatabase(path: path)
        let total = try database.queryOne("SELECT count(*) FROM writes") { try $0.int(0) }
        #expect(total == writers.count * Self.writesPerWriter)
        for name in writers {
            let stats = try database.queryOne(
                "SELECT count(*), count(DISTINCT sequence), min(sequence), max(sequence) FROM writes WHERE writer = ?",
                [.text(name)]
            ) { [try $0.int(0), try $0.int(1), try $0.int(2), try $0.int(3)] }
            #expect(stats == [Self.writesPerWriter, Self.writesPerWriter, 0, Self.writesPerWriter - 1], "\(name)")
        }
        #expect(try database.queryOne("PRAGMA integrity_check") { try $0.string(0) } == "ok")
    }

    @Test func twoConnectionsWritingAtOnceLoseNoRowAndNeverReportBusy() async throws {
        try await withTemporaryDatabasePath { path in
            try createTables(at: path)
            // Each writer opens its own connection, as two processes would.
            let errors = await runOnSeparateThreads([
                writer("one", on: { try SQLiteDatabase(path: path) }),
                writer("two", on: { try SQLiteDatabase(path: path) }),
            ])
            #expect(errors == [])
            try expectAllWrites(at: path, writers: ["one", "two"])
        }
    }

    @Test func twoConnectionsWritingWithoutTransactionsLoseNoRow() async throws {
        try await withTemporaryDatabasePath { path in
            try createTables(at: path)
            let autocommitWriter: @Sendable (String) -> @Sendable () throws -> Void = { name in
                {
                    let database = try SQLiteDatabase(path: path)
                    for sequence in 0..<Self.writesPerWriter {
                        try database.execute(
                            "INSERT INTO writes (writer, sequence) VALUES (?, ?)", [.text(name), .int(sequence)])
                    }
                }
            }
            let errors = await runOnSeparateThreads([autocommitWriter("one"), autocommitWriter("two")])
            #expect(errors == [])
            try expectAllWrites(at: path, writers: ["one", "two"])
        }
    }

    @Test func readThenWriteTransactionsOnTwoConnectionsLoseNoUpdate() async throws {
        // A transaction takes the write lock at its start, so a read-modify-write cannot
        // interleave with the other connection's.
        try await withTemporaryDatabasePath { path in
            try createTables(at: path)
            let incrementer: @Sendable () throws -> Void = {
                let database = try SQLiteDatabase(path: path)
                for _ in 0..<Self.writesPerWriter {
                    try database.transaction {
                        let value = try database.queryOne("SELECT value FROM counter WHERE id = 1") { try $0.int(0) }
                        try database.execute("UPDATE counter SET value = ? WHERE id = 1", [.int((value ?? 0) + 1)])
                    }
                }
            }
            let errors = await runOnSeparateThreads([incrementer, incrementer])
            #expect(errors == [])
            let database = try SQLiteDatabase(path: path)
            #expect(
                try database.queryOne("SELECT value FROM counter WHERE id = 1") { try $0.int(0) }
                    == 2 * Self.writesPerWriter)
        }
    }

    @Test func twoThreadsSharingOneDatabaseLoseNoRow() async throws {
        try await withTemporaryDatabasePath { path in
            try createTables(at: path)
            let shared = try SQLiteDatabase(path: path)
            let errors = await runOnSeparateThreads([
                writer("one", on: { shared }),
                writer("two", on: { shared }),
                writer("three", on: { shared }),
            ])
            #expect(errors == [])
            #expect(!shared.isInTransaction)
            try expectAllWrites(at: path, writers: ["one", "two", "three"])
        }
    }

    @Test func anotherThreadsStatementDoesNotJoinATransactionOnTheSharedDatabase() async throws {
        try await withTemporaryDatabasePath { path in
            try createTables(at: path)
            let shared = try SQLiteDatabase(path: path)
            let inside = DispatchSemaphore(value: 0)
            let rollingBack: @Sendable () throws -> Void = {
                do {
                    try shared.transaction {
                        try shared.execute("INSERT INTO writes (writer, sequence) VALUES (?, ?)", ["rolled back", 0])
                        inside.signal()
                        Thread.sleep(forTimeInterval: 0.2)
                        throw Stop()
                    }
                } catch is Stop {}
            }
            let bystander: @Sendable () throws -> Void = {
                inside.wait()
                #expect(!shared.isInTransaction)  // waits for the other thread's transaction to end
                try shared.execute("INSERT INTO writes (writer, sequence) VALUES (?, ?)", ["bystander", 0])
            }
            let errors = await runOnSeparateThreads([rollingBack, bystander])
            #expect(errors == [])
            #expect(try shared.query("SELECT writer FROM writes") { try $0.string(0) } == ["bystander"])
        }
    }

    @Test func aWriterWaitsForAnotherConnectionsOpenTransactionInsteadOfFailing() async throws {
        try await withTemporaryDatabasePath { path in
            try createTables(at: path)
            let inside = DispatchSemaphore(value: 0)
            let seenByLater = Shared<Int?>(nil)
            let earlier: @Sendable () throws -> Void = {
                let database = try SQLiteDatabase(path: path)
                try database.transaction {
                    try database.execute("INSERT INTO writes (writer, sequence) VALUES (?, ?)", ["earlier", 0])
                    inside.signal()
                    Thread.sleep(forTimeInterval: 0.3)
                }
            }
            let later: @Sendable () throws -> Void = {
                let database = try SQLiteDatabase(path: path)
                inside.wait()
                try database.transaction {
                    // The transaction began only after the earlier one committed.
                    let rows = try database.queryOne("SELECT count(*) FROM writes") { try $0.int(0) }
                    seenByLater.withLock { $0 = rows }
                    try database.execute("INSERT INTO writes (writer, sequence) VALUES (?, ?)", ["later", 0])
                }
            }
            let errors = await runOnSeparateThreads([earlier, later])
            #expect(errors == [])
            #expect(seenByLater.withLock { $0 } == 1)
            let database = try SQLiteDatabase(path: path)
            #expect(
                try database.query("SELECT writer FROM writes ORDER BY id") { try $0.string(0) } == [
                    "earlier", "later",
                ])
        }
    }
}
