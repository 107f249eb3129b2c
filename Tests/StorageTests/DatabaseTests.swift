import CSQLite
import Core
import Foundation
import Testing
import Time

@testable import Storage

@Suite struct DatabaseTests {
    /// SQLite's memory statistics take a process-wide mutex on every allocation; the app
    /// reads none of them, so they are off before the first connection opens. SQLite takes
    /// the setting only before anything initialises it, and in this test process another
    /// test may start libvips first, whose openslide module links SQLite; so the check runs
    /// in a process of its own (this test binary, this one test), as app-shell does it
    /// first thing in `main`.
    @Test func sqliteKeepsNoMemoryStatistics() throws {
        let child = "APP_SHELL_TEST_ALONE"
        guard ProcessInfo.processInfo.environment[child] != nil else {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = [
                "--testing-library", "swift-testing", "--filter", "DatabaseTests/sqliteKeepsNoMemoryStatistics",
            ]
            process.environment = ProcessInfo.processInfo.environment.merging([child: "1"]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(said)")
            #expect(said.contains("1 test"), "\(said)")
            return
        }
        let database = try SQLiteDatabase(path: ":memory:")
        try database.executeScript("CREATE TABLE m (x TEXT); INSERT INTO m VALUES ('memory')")
        #expect(csqlite_disable_memory_statistics() == SQLITE_OK)
        #expect(sqlite3_memory_used() == 0)
    }

    /// A private in-memory database with one untyped column `v`, so values keep the
    /// storage class they were bound with.
    private func makeValueTable() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: ":memory:")
        try database.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        return database
    }

    // MARK: Opening

    @Test func openingAFileTurnsOnWALWithForeignKeysAndNormalSync() throws {
        try withTemporaryDatabasePath { path in
            let database = try SQLiteDatabase(path: path)
            #expect(database.path == path)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(try database.queryOne("PRAGMA journal_mode") { try $0.string(0) } == "wal")
            #expect(try database.queryOne("PRAGMA foreign_keys") { try $0.int(0) } == 1)
            #expect(try database.queryOne("PRAGMA synchronous") { try $0.int(0) } == 1)  // NORMAL
        }
    }

    @Test func reopeningAFileKeepsItsRowsAndWALMode() throws {
        try withTemporaryDatabasePath { path in
            do {
                let first = try SQLiteDatabase(path: path)
                try first.executeScript("CREATE TABLE t (v TEXT)")
                try first.execute("INSERT INTO t (v) VALUES (?)", ["kept"])
            }
            let second = try SQLiteDatabase(path: path)
            #expect(try second.queryOne("PRAGMA journal_mode") { try $0.string(0) } == "wal")
            #expect(try second.query("SELECT v FROM t") { try $0.string(0) } == ["kept"])
        }
    }

    @Test func anInMemoryDatabaseUsesMemoryJournalMode() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        #expect(try database.queryOne("PRAGMA journal_mode") { try $0.string(0) } == "memory")
        #expect(try database.queryOne("PRAGMA foreign_keys") { try $0.int(0) } == 1)
    }

    @Test func openingAPathInAMissingDirectoryThrowsOpenFailed() {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("missing-\(UUID().uuidString)/db.sqlite").path
        let error = #expect(throws: StorageError.self) { _ = try SQLiteDatabase(path: path) }
        #expect(error?.failure == .openFailed)
        #expect(error?.message.contains(path) == true)
    }

    // MARK: Foreign keys

    @Test func aChildRowWithAMissingParentIsAConstraintError() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try database.executeScript(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id));
            """)
        let error = #expect(throws: StorageError.self) {
            try database.execute("INSERT INTO child (id, parent_id) VALUES (?, ?)", [1, 42])
        }
        #expect(error?.failure == .constraint)
        #expect(try database.queryOne("SELECT count(*) FROM child") { try $0.int(0) } == 0)

        try database.execute("INSERT INTO parent (id) VALUES (?)", [42])
        #expect(try database.execute("INSERT INTO child (id, parent_id) VALUES (?, ?)", [1, 42]) == 1)
    }

    @Test func deletingAReferencedParentIsAConstraintError() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try database.executeScript(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id));
            INSERT INTO parent (id) VALUES (7);
            INSERT INTO child (id, parent_id) VALUES (1, 7);
            """)
        let error = #expect(throws: StorageError.self) { try database.execute("DELETE FROM parent WHERE id = ?", [7]) }
        #expect(error?.failure == .constraint)
        #expect(try database.queryOne("SELECT count(*) FROM parent") { try $0.int(0) } == 1)
    }

    // MARK: Typed round trips

    @Test(arguments: [0, 1, -1, 42, Int.max, Int.min, 1_764_370_800_000])
    func anIntegerRoundTripsExactlyAsAnInteger(value: Int) throws {
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?)", [.int(value)])
        let read = try database.queryOne("SELECT v, typeof(v) FROM t") { row in
            (try row.int(0), row.optionalInt(0), try row.string(1))
        }
        #expect(read?.0 == value)
        #expect(read?.1 == value)
        #expect(read?.2 == "integer")
    }

    @Test(arguments: [0.0, -0.5, 0.1, 3.141592653589793, 1e300, -1e-300, Double.greatestFiniteMagnitude])
    func aDoubleRoundTripsExactlyAsAReal(value: Double) throws {
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?)", [.double(value)])
        let read = try database.queryOne("SELECT v, typeof(v) FROM t") { row in
            (try row.double(0), row.optionalDouble(0), try row.string(1))
        }
        #expect(read?.0 == value)
        #expect(read?.1 == value)
        #expect(read?.2 == "real")
    }

    @Test(arguments: [
        "plain ascii",
        "",
        "a\u{0}b",
        "\u{0}leading and trailing NUL\u{0}",
        "한글 문장 모아",
        "emoji 🎉 and a family 👩‍👩‍👧‍👦",
        "mixed 문장\u{0}🎉\u{0}end",
        "e\u{301} combining accent",
    ])
    func textRoundTripsEveryUTF8ByteIncludingEmbeddedNUL(value: String) throws {
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?)", [.text(value)])
        let read = try database.queryOne("SELECT v, length(CAST(v AS BLOB)), typeof(v) FROM t") { row in
            (try row.string(0), row.optionalString(0), try row.int(1), try row.string(2))
        }
        let (string, optional, byteCount, type) = try #require(read)
        #expect(Array(string.utf8) == Array(value.utf8))
        #expect(optional == value)
        #expect(byteCount == value.utf8.count)
        #expect(type == "text")
    }

    @Test func textIsComparedByItsExactBytesInAWhereClause() throws {
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?)", ["a\u{0}b"])
        try database.execute("INSERT INTO t (v) VALUES (?)", ["a"])
        #expect(try database.query("SELECT id FROM t WHERE v = ?", ["a\u{0}b"]) { try $0.int(0) } == [1])
        #expect(try database.query("SELECT id FROM t WHERE v = ?", ["a"]) { try $0.int(0) } == [2])
    }

    @Test(arguments: [[], [0], [0, 1, 2, 255, 0], Array(0...255)] as [[UInt8]])
    func aBlobRoundTripsExactlyAsABlob(bytes: [UInt8]) throws {
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?)", [.blob(bytes)])
        let read = try database.queryOne("SELECT v, typeof(v), length(v) FROM t") { row in
            (row.blob(0), try row.string(1), try row.int(2))
        }
        #expect(read?.0 == bytes)
        #expect(read?.1 == "blob")  // an empty blob is a blob, not NULL
        #expect(read?.2 == bytes.count)
    }

    @Test func nullRoundTripsAndReadsAsNilThroughEveryOptionalReader() throws {
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?)", [.null])
        try database.execute("INSERT INTO t (v) VALUES (?)", [.text(nil as String?)])
        try database.execute("INSERT INTO t (v) VALUES (?)", [.int(nil as Int?)])
        try database.execute("INSERT INTO t (v) VALUES (?)", [.day(nil as LocalDay?)])
        try database.execute("INSERT INTO t (v) VALUES (?)", [nil])
        let rows = try database.query("SELECT v, typeof(v) FROM t") { row in
            #expect(row.isNull(0))
            #expect(row.optionalInt(0) == nil)
            #expect(row.optionalDouble(0) == nil)
            #expect(row.optionalString(0) == nil)
            #expect(try row.optionalDay(0) == nil)
            #expect(try row.optionalInstant(0) == nil)
            #expect(row.blob(0) == [])
            return try row.string(1)
        }
        #expect(rows == Array(repeating: "null", count: 5))
    }

    @Test func literalsAndConvenienceValuesBindTheMatchingSQLType() throws {
        let text: SQLValue = "x"
        let number: SQLValue = 5
        let none: SQLValue = nil
        #expect(text == .text("x"))
        #expect(number == .int(5))
        #expect(none == .null)
        #expect(SQLValue.text("y" as String?) == .text("y"))
        #expect(SQLValue.int(3 as Int?) == .int(3))

        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?)", [.bool(true)])
        try database.execute("INSERT INTO t (v) VALUES (?)", [.bool(false)])
        #expect(try database.query("SELECT v FROM t ORDER BY id") { try $0.bool(0) } == [true, false])
    }

    // MARK: Day and instant helpers

    @Test func aDayIsStoredAsYYYYMMDDTextAndReadBack() throws {
        let database = try makeValueTable()
        let day = try #require(LocalDay(year: 2026, month: 11, day: 29))
        try database.execute("INSERT INTO t (v) VALUES (?)", [.day(day)])
        try database.execute("INSERT INTO t (v) VALUES (?)", [.day(day as LocalDay?)])
        let rows = try database.query("SELECT v, typeof(v) FROM t") { row in
            (try row.day(0), try row.optionalDay(0), try row.string(0), try row.string(1))
        }
        #expect(rows.count == 2)
        for (read, optional, text, type) in rows {
            #expect(read == day)
            #expect(optional == day)
            #expect(text == "2026-11-29")
            #expect(type == "text")
        }
    }

    @Test func storedDaysSortInTimeOrder() throws {
        let database = try makeValueTable()
        let days = try [(2026, 11, 29), (999, 12, 31), (2026, 2, 3), (2025, 12, 31), (2026, 11, 30)].map {
            try #require(LocalDay(year: $0.0, month: $0.1, day: $0.2))
        }
        for day in days { try database.execute("INSERT INTO t (v) VALUES (?)", [.day(day)]) }
        #expect(try database.query("SELECT v FROM t ORDER BY v") { try $0.day(0) } == days.sorted())
    }

    @Test(arguments: ["2026-02-30", "2026-11-29T08:00", "29/11/2026", "not a day", ""])
    func readingTextThatIsNotADayIsCorrupt(text: String) throws {
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?)", [.text(text)])
        try database.forEach("SELECT v FROM t") { row in
            let error = #expect(throws: StorageError.self) { try row.day(0) }
            #expect(error?.failure == .corrupt)
            let optionalError = #expect(throws: StorageError.self) { try row.optionalDay(0) }
            #expect(optionalError?.failure == .corrupt)
        }
    }

    @Test(arguments: ["2026-11-29T08:00:00+09:00", "2026-11-29T08:00:00.250+09:00", "1969-12-31T23:59:59.999Z"])
    func anInstantIsStoredAsIntegerMillisecondsAndReadBack(text: String) throws {
        let instant = try #require(Instant(iso8601: text))
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?)", [.instant(instant)])
        let read = try database.queryOne("SELECT v, typeof(v) FROM t") { row in
            (try row.instant(0), try row.optionalInstant(0), try row.int(0), try row.string(1))
        }
        let (readInstant, optional, milliseconds, type) = try #require(read)
        #expect(readInstant == instant)
        #expect(optional == instant)
        #expect(milliseconds == instant.millisecondsSince1970)
        #expect(type == "integer")
    }

    @Test func aFixedInstantIsStoredAsItsUTCMilliseconds() throws {
        let instant = try #require(Instant(iso8601: "2026-11-29T08:00:00+09:00"))
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?)", [.instant(instant)])
        // 2026-11-28T23:00:00Z, computed by SQLite from the stored milliseconds.
        let text = try database.queryOne("SELECT strftime('%Y-%m-%dT%H:%M:%SZ', v / 1000, 'unixepoch') FROM t") {
            try $0.string(0)
        }
        #expect(text == "2026-11-28T23:00:00Z")
    }

    // MARK: Read and argument errors

    enum NonOptionalRead: String, CaseIterable, Sendable {
        case int, double, string, bool, day, instant

        func read(_ row: Row) throws {
            switch self {
            case .int: _ = try row.int(0)
            case .double: _ = try row.double(0)
            case .string: _ = try row.string(0)
            case .bool: _ = try row.bool(0)
            case .day: _ = try row.day(0)
            case .instant: _ = try row.instant(0)
            }
        }
    }

    @Test(arguments: NonOptionalRead.allCases)
    func readingNullAsANonOptionalThrowsCorruptNamingTheColumn(read: NonOptionalRead) throws {
        let database = try SQLiteDatabase(path: ":memory:")
        var rows = 0
        try database.forEach("SELECT NULL AS missing_value") { row in
            rows += 1
            let error = #expect(throws: StorageError.self) { try read.read(row) }
            #expect(error?.failure == .corrupt)
            #expect(error?.message.contains("missing_value") == true)
        }
        #expect(rows == 1)
    }

    @Test(arguments: [0, 2, 3])
    func theWrongNumberOfArgumentsThrowsAndChangesNothing(count: Int) throws {
        let database = try makeValueTable()
        let arguments = Array(repeating: SQLValue.int(1), count: count)
        let error = #expect(throws: AppError.self) {
            try database.execute("INSERT INTO t (v) VALUES (?)", arguments)
        }
        #expect(error?.code == "internal")
        #expect(error?.message.contains("takes 1 arguments, got \(count)") == true)
        #expect(try database.queryOne("SELECT count(*) FROM t") { try $0.int(0) } == 0)
        // The statement is still usable with the right arguments.
        #expect(try database.execute("INSERT INTO t (v) VALUES (?)", [1]) == 1)
    }

    @Test func aQueryWithArgumentsButNoParametersThrows() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let error = #expect(throws: AppError.self) { _ = try database.query("SELECT 1", [1]) { try $0.int(0) } }
        #expect(error?.code == "internal")
    }

    @Test func aSyntaxErrorThrowsStorageErrorNamingTheStatement() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let executeError = #expect(throws: StorageError.self) { try database.execute("SELEC 1") }
        #expect(executeError?.failure == .other)
        #expect(executeError?.message.contains("syntax error") == true)
        #expect(executeError?.message.contains("SELEC 1") == true)

        let queryError = #expect(throws: StorageError.self) { _ = try database.query("SELECT FROM WHERE") { _ in 0 } }
        #expect(queryError?.failure == .other)

        let scriptError = #expect(throws: StorageError.self) { try database.executeScript("CREATE TABLE (x)") }
        #expect(scriptError?.failure == .other)
    }

    @Test func aMissingTableThrowsStorageError() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let error = #expect(throws: StorageError.self) { try database.execute("INSERT INTO nowhere VALUES (1)") }
        #expect(error?.failure == .other)
        #expect(error?.message.contains("no such table") == true)
    }

    // MARK: Results

    @Test func executeReturnsTheNumberOfChangedRows() throws {
        let database = try makeValueTable()
        #expect(try database.execute("INSERT INTO t (v) VALUES (?), (?), (?)", [1, 2, 3]) == 3)
        #expect(try database.execute("UPDATE t SET v = v * 10 WHERE v >= ?", [2]) == 2)
        #expect(try database.execute("UPDATE t SET v = 0 WHERE v = ?", [999]) == 0)
        #expect(try database.execute("DELETE FROM t WHERE v = ?", [20]) == 1)
        #expect(try database.execute("DELETE FROM t") == 2)
    }

    @Test func executeCountsOnlyTheRowsTheStatementChangedItself() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try database.executeScript(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent (id) ON DELETE CASCADE);
            INSERT INTO parent (id) VALUES (1);
            INSERT INTO child (parent_id) VALUES (1), (1), (1);
            """)
        #expect(try database.execute("DELETE FROM parent WHERE id = ?", [1]) == 1)
        #expect(try database.queryOne("SELECT count(*) FROM child") { try $0.int(0) } == 0)
        #expect(try database.execute("CREATE TABLE other (x)") == 0)
        #expect(try database.execute("SELECT 1") == 0)
    }

    @Test func queryOneReturnsTheFirstRowOrNil() throws {
        let database = try makeValueTable()
        #expect(try database.queryOne("SELECT v FROM t") { try $0.int(0) } == nil)
        try database.execute("INSERT INTO t (v) VALUES (?), (?), (?)", [30, 10, 20])
        #expect(try database.queryOne("SELECT v FROM t ORDER BY v") { try $0.int(0) } == 10)
        #expect(try database.queryOne("SELECT v FROM t ORDER BY v DESC") { try $0.int(0) } == 30)
    }

    @Test func queryMapsEveryRowInOrder() throws {
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?), (?), (?)", ["b", "c", "a"])
        #expect(try database.query("SELECT v FROM t ORDER BY v") { try $0.string(0) } == ["a", "b", "c"])
        #expect(try database.query("SELECT v FROM t WHERE v > ?", ["z"]) { try $0.string(0) } == [])
    }

    @Test func anErrorThrownByTheRowMapperStopsTheQueryAndPropagates() throws {
        struct Stop: Error, Equatable {}
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?), (?), (?)", [1, 2, 3])
        var seen: [Int] = []
        #expect(throws: Stop()) {
            try database.forEach("SELECT v FROM t ORDER BY v") { row in
                seen.append(try row.int(0))
                if seen.count == 2 { throw Stop() }
            }
        }
        #expect(seen == [1, 2])
        // The statement was reset: running it again starts from the first row.
        #expect(try database.query("SELECT v FROM t ORDER BY v") { try $0.int(0) } == [1, 2, 3])
    }

    @Test func lastInsertRowIDIsTheRowidOfTheLastInsert() throws {
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (id, v) VALUES (?, ?)", [41, "a"])
        #expect(database.lastInsertRowID == 41)
        try database.execute("INSERT INTO t (v) VALUES (?)", ["b"])
        #expect(database.lastInsertRowID == 42)
    }

    // MARK: Statement cache

    @Test func theSameSQLRunManyTimesWithDifferentArgumentsWorks() throws {
        let database = try makeValueTable()
        for number in 1...500 {
            #expect(try database.execute("INSERT INTO t (v) VALUES (?)", [.int(number)]) == 1)
        }
        for number in [1, 250, 500] {
            #expect(try database.queryOne("SELECT count(*) FROM t WHERE v = ?", [.int(number)]) { try $0.int(0) } == 1)
        }
        #expect(
            try database.queryOne("SELECT count(*), sum(v) FROM t") { [try $0.int(0), try $0.int(1)] } == [
                500, 125_250,
            ])
    }

    @Test func aStatementThatFailedIsReusableAfterwards() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try database.executeScript("CREATE TABLE u (name TEXT NOT NULL UNIQUE)")
        let insert = "INSERT INTO u (name) VALUES (?)"
        try database.execute(insert, ["a"])
        let error = #expect(throws: StorageError.self) { try database.execute(insert, ["a"]) }
        #expect(error?.failure == .duplicate)
        #expect(try database.execute(insert, ["b"]) == 1)
        #expect(try database.query("SELECT name FROM u ORDER BY name") { try $0.string(0) } == ["a", "b"])
    }

    @Test func theSameQueryReenteredInsideItsOwnRowCallbackGetsItsOwnStatement() throws {
        let database = try makeValueTable()
        try database.execute("INSERT INTO t (v) VALUES (?), (?), (?)", [1, 2, 3])
        let sql = "SELECT v FROM t ORDER BY v"
        var outer: [Int] = []
        var inner: [[Int]] = []
        try database.forEach(sql) { row in
            outer.append(try row.int(0))
            inner.append(try database.query(sql) { try $0.int(0) })
        }
        #expect(outer == [1, 2, 3])
        #expect(inner == [[1, 2, 3], [1, 2, 3], [1, 2, 3]])
        // The cache still works for the statement afterwards.
        #expect(try database.query(sql) { try $0.int(0) } == [1, 2, 3])
    }

    @Test func aQueryAndAWriteNestedInsideAnotherQuerysRowCallbackSeeTheirOwnArguments() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try database.executeScript(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE child (parent_id INTEGER NOT NULL REFERENCES parent (id), label TEXT NOT NULL);
            INSERT INTO parent (id, name) VALUES (1, 'one'), (2, 'two');
            INSERT INTO child (parent_id, label) VALUES (1, 'a'), (1, 'b'), (2, 'c');
            """)
        let childQuery = "SELECT label FROM child WHERE parent_id = ? ORDER BY label"
        var labels: [String: [String]] = [:]
        try database.forEach("SELECT id, name FROM parent ORDER BY id") { row in
            let id = try row.int(0)
            let name = try row.string(1)
            // A second level of nesting, with the same SQL text as the level above.
            labels[name] = try database.query(childQuery, [.int(id)]) { child in
                let label = try child.string(0)
                let again = try database.query(childQuery, [.int(id)]) { try $0.string(0) }
                #expect(again.contains(label))
                return label
            }
            try database.execute("INSERT INTO child (parent_id, label) VALUES (?, ?)", [.int(id), "z"])
        }
        #expect(labels == ["one": ["a", "b"], "two": ["c"]])
        #expect(try database.query(childQuery, [1]) { try $0.string(0) } == ["a", "b", "z"])
    }
}
