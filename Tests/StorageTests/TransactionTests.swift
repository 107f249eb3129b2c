import Core
import Testing

@testable import Storage

@Suite struct TransactionTests {
    private struct PlainError: Error, Equatable {}

    private func makeTable(_ database: any Database) throws {
        try database.executeScript("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)")
    }

    private func values(_ database: any Database) throws -> [String] {
        try database.query("SELECT v FROM t ORDER BY id") { try $0.string(0) }
    }

    @Test func aTransactionCommitsWhenItsClosureReturnsAndOthersSeeTheRowsOnlyThen() throws {
        try withTemporaryDatabasePath { path in
            let writer = try SQLiteDatabase(path: path)
            let reader = try SQLiteDatabase(path: path)
            try makeTable(writer)
            let result = try writer.transaction {
                try writer.execute("INSERT INTO t (v) VALUES (?)", ["a"])
                try writer.execute("INSERT INTO t (v) VALUES (?)", ["b"])
                #expect(try values(writer) == ["a", "b"])
                #expect(try values(reader) == [])  // not committed yet
                return 7
            }
            #expect(result == 7)
            #expect(!writer.isInTransaction)
            #expect(try values(reader) == ["a", "b"])
        }
    }

    enum Failure: String, CaseIterable, Sendable {
        case appError, plainSwiftError

        func raise() throws -> Never {
            switch self {
            case .appError: throw AppError(code: "habits.not_found", message: "no such habit")
            case .plainSwiftError: throw PlainError()
            }
        }
    }

    @Test(arguments: Failure.allCases)
    func anyThrownErrorRollsBackEveryRowAndIsRethrownUnchanged(failure: Failure) throws {
        try withTemporaryDatabasePath { path in
            let database = try SQLiteDatabase(path: path)
            let other = try SQLiteDatabase(path: path)
            try makeTable(database)
            do {
                try database.transaction {
                    try database.execute("INSERT INTO t (v) VALUES (?)", ["a"])
                    try database.execute("INSERT INTO t (v) VALUES (?)", ["b"])
                    try failure.raise()
                }
                Issue.record("the transaction did not throw")
            } catch let error as AppError {
                #expect(failure == .appError)
                #expect(error == AppError(code: "habits.not_found", message: "no such habit"))
            } catch {
                #expect(failure == .plainSwiftError)
                #expect(error as? PlainError == PlainError())
            }
            #expect(!database.isInTransaction)
            #expect(try values(database) == [])
            #expect(try values(other) == [])
        }
    }

    @Test func aFailingStatementMidwayThroughAMultiRowTransactionLeavesNothing() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try makeTable(database)
        let error = #expect(throws: StorageError.self) {
            try database.transaction {
                for id in [1, 2, 3, 2, 5] {  // the second 2 breaks the primary key
                    try database.execute("INSERT INTO t (id, v) VALUES (?, ?)", [.int(id), .text("row \(id)")])
                }
            }
        }
        #expect(error?.failure == .duplicate)
        #expect(try database.queryOne("SELECT count(*) FROM t") { try $0.int(0) } == 0)
        #expect(!database.isInTransaction)
    }

    @Test func aNestedTransactionThatThrowsRollsBackAloneWhileTheOuterOneCommits() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try makeTable(database)
        try database.transaction {
            try database.execute("INSERT INTO t (v) VALUES (?)", ["outer before"])
            #expect(throws: PlainError()) {
                try database.transaction {
                    try database.execute("INSERT INTO t (v) VALUES (?)", ["inner"])
                    #expect(try values(database) == ["outer before", "inner"])
                    throw PlainError()
                }
            }
            #expect(try values(database) == ["outer before"])
            try database.execute("INSERT INTO t (v) VALUES (?)", ["outer after"])
        }
        #expect(try values(database) == ["outer before", "outer after"])
        #expect(!database.isInTransaction)
    }

    @Test func aNestedTransactionThatCommittedIsStillRolledBackWithItsOuterOne() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try makeTable(database)
        #expect(throws: PlainError()) {
            try database.transaction {
                let changed = try database.transaction {
                    try database.execute("INSERT INTO t (v) VALUES (?)", ["inner"])
                }
                #expect(changed == 1)
                #expect(try values(database) == ["inner"])
                throw PlainError()
            }
        }
        #expect(try values(database) == [])
    }

    @Test func aThirdLevelRollbackKeepsTheSecondLevelsRows() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try makeTable(database)
        try database.transaction {
            try database.execute("INSERT INTO t (v) VALUES (?)", ["1"])
            try database.transaction {
                try database.execute("INSERT INTO t (v) VALUES (?)", ["2"])
                try? database.transaction { () throws -> Void in
                    try database.execute("INSERT INTO t (v) VALUES (?)", ["3"])
                    throw PlainError()
                }
                try database.execute("INSERT INTO t (v) VALUES (?)", ["2b"])
            }
        }
        #expect(try values(database) == ["1", "2", "2b"])
    }

    @Test func savepointsAtTheSameDepthCanFailOneAfterAnother() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try makeTable(database)
        try database.transaction {
            for attempt in 1...3 {
                try? database.transaction { () throws -> Void in
                    try database.execute("INSERT INTO t (v) VALUES (?)", [.text("failed \(attempt)")])
                    throw PlainError()
                }
                let changed = try database.transaction {
                    try database.execute("INSERT INTO t (v) VALUES (?)", [.text("kept \(attempt)")])
                }
                #expect(changed == 1)
            }
        }
        #expect(try values(database) == ["kept 1", "kept 2", "kept 3"])
    }

    @Test func isInTransactionIsTrueInsideAtEveryDepthAndFalseAfter() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try makeTable(database)
        #expect(!database.isInTransaction)
        try database.transaction {
            #expect(database.isInTransaction)
            try database.transaction { #expect(database.isInTransaction) }
            #expect(database.isInTransaction)
            try? database.transaction { () throws -> Void in
                #expect(database.isInTransaction)
                throw PlainError()
            }
            #expect(database.isInTransaction)
        }
        #expect(!database.isInTransaction)
        try? database.transaction { () throws -> Void in
            #expect(database.isInTransaction)
            throw PlainError()
        }
        #expect(!database.isInTransaction)
    }

    @Test func theConnectionTakesANewTransactionAfterARollback() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try makeTable(database)
        for round in 1...3 {
            try? database.transaction { () throws -> Void in
                try database.execute("INSERT INTO t (v) VALUES (?)", [.text("lost \(round)")])
                throw PlainError()
            }
            let changed = try database.transaction {
                try database.execute("INSERT INTO t (v) VALUES (?)", [.text("kept \(round)")])
            }
            #expect(changed == 1)
        }
        #expect(try values(database) == ["kept 1", "kept 2", "kept 3"])
    }

    @Test func statementsOutsideAnyTransactionAutocommit() throws {
        try withTemporaryDatabasePath { path in
            let database = try SQLiteDatabase(path: path)
            let other = try SQLiteDatabase(path: path)
            try makeTable(database)
            try database.execute("INSERT INTO t (v) VALUES (?)", ["at once"])
            #expect(!database.isInTransaction)
            #expect(try values(other) == ["at once"])
        }
    }
}
