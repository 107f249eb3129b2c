import Core
import Storage
import Testing

/// `Database.delete(from:where:)` deletes what its conditions say, on every backend: each
/// comparison, ANDed, with Hangul, emoji, quotes and backslashes in the values.
@Suite struct DeleteConditionTests {
    private func items(_ backend: DatabaseBackend) throws -> any Database {
        let database = try backend.openScratch()
        try database.executeScript(
            database.dialect.schema(
                "CREATE TABLE items (seq INTEGER PRIMARY KEY, name TEXT NOT NULL, day TEXT NOT NULL)"))
        try database.executeEach(
            "INSERT INTO items (seq, name, day) VALUES (?, ?, ?)",
            [
                [.int(1), .text("책"), .text("2026-12-01")], [.int(2), .text("🐕 \"a\""), .text("2026-12-02")],
                [.int(3), .text("back\\slash"), .text("2026-12-03")], [.int(4), .text("책"), .text("2026-12-04")],
            ])
        return database
    }

    private func remaining(_ database: any Database) throws -> [Int] {
        try database.query("SELECT seq FROM items ORDER BY seq") { try $0.int(0) }
    }

    @Test(arguments: DatabaseBackend.available)
    func deletesWhatTheConditionsSay(backend: DatabaseBackend) throws {
        let database = try items(backend)
        #expect(try database.delete(from: "items", where: [.equal("name", .text("없음"))]) == 0)
        #expect(
            try database.delete(
                from: "items",
                where: [.equal("name", .text("책")), DeleteCondition("day", .greater, .text("2026-12-01"))])
                == 1)
        #expect(try remaining(database) == [1, 2, 3])
        #expect(try database.delete(from: "items", where: [.equal("name", .text("🐕 \"a\""))]) == 1)
        #expect(try database.delete(from: "items", where: [.equal("name", .text("back\\slash"))]) == 1)
        #expect(try remaining(database) == [1])
        #expect(try database.delete(from: "items", where: [DeleteCondition("seq", .lessOrEqual, .int(1))]) == 1)
        #expect(try remaining(database).isEmpty)
    }

    @Test func aStatementIsBuiltFromItsConditions() {
        let statement = DeleteCondition.statement(
            from: "t", where: [.equal("a", .int(1)), DeleteCondition("b", .greaterOrEqual, .text("x"))])
        #expect(statement.sql == "DELETE FROM t WHERE a = ? AND b >= ?")
        #expect(statement.arguments == [.int(1), .text("x")])
    }

    @Test func arrayLiteralsQuoteWhatTheServerWouldReadOtherwise() {
        #expect(
            SQLDialect.arrayLiteral([.int(-3), .null, .text("a\"b"), .text("c\\d")]) == #"{-3,NULL,"a\"b","c\\d"}"#)
        #expect(SQLDialect.arrayLiteral([.text("한글, {}"), .text("")]) == #"{"한글, {}",""}"#)
        #expect(SQLDialect.arrayLiteral([.blob([0, 255])]) == #"{"\\x00ff"}"#)
    }
}
