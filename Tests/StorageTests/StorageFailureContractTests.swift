import Core
import Storage
import Testing

/// Each backend raises the same `StorageFailure` case for the same failure, so a
/// repository that matches `.duplicate` works on both (SQLite always; PostgreSQL when
/// `APP_SHELL_TEST_POSTGRES` names a server).
@Suite struct StorageFailureContractTests {
    private func database(_ backend: DatabaseBackend) throws -> any Database {
        let database = try backend.openScratch()
        try database.executeScript(
            database.dialect.schema(
                """
                CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                CREATE TABLE pets (
                    id INTEGER PRIMARY KEY,
                    owner_id INTEGER NOT NULL REFERENCES owners (id),
                    age INTEGER CHECK (age >= 0),
                    nickname TEXT
                );
                INSERT INTO owners (id, name) VALUES (1, '민지');
                INSERT INTO pets (id, owner_id, age) VALUES (1, 1, 3);
                """))
        return database
    }

    private func failure(_ body: () throws -> Void) throws -> StorageFailure {
        try #require(throws: StorageError.self) { try body() }.failure
    }

    /// A statement and the case it must raise on every backend.
    static let failures: [(String, StorageFailure)] = [
        ("INSERT INTO owners (id, name) VALUES (2, '민지')", .duplicate),  // UNIQUE
        ("INSERT INTO owners (id, name) VALUES (1, '🐕 도윤')", .duplicate),  // PRIMARY KEY
        ("INSERT INTO pets (id, owner_id) VALUES (2, 42)", .constraint),  // FOREIGN KEY
        ("DELETE FROM owners WHERE id = 1", .constraint),  // a referenced parent
        ("INSERT INTO owners (id, name) VALUES (3, NULL)", .constraint),  // NOT NULL
        ("INSERT INTO pets (id, owner_id, age) VALUES (3, 1, -1)", .constraint),  // CHECK
        ("SELECT * FROM no_such_table", .other),
        ("INSERT INTO owners (id, name) VALUES", .other),  // a syntax error
    ]

    @Test(arguments: DatabaseBackend.available, failures)
    func aFailingStatementRaisesItsCase(
        backend: DatabaseBackend, failing: (String, StorageFailure)
    ) throws {
        let (sql, expected) = failing
        let database = try database(backend)
        defer { database.close() }
        #expect(try failure { try database.execute(sql) } == expected)
        // Inside a transaction too, and the transaction changes nothing.
        #expect(
            try failure {
                try database.transaction {
                    try database.execute("INSERT INTO owners (id, name) VALUES (9, 'kept?')")
                    try database.execute(sql)
                }
            } == expected)
        #expect(try database.queryOne("SELECT count(*) FROM owners") { try $0.int(0) } == 1)
        #expect(try database.queryOne("SELECT count(*) FROM pets") { try $0.int(0) } == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func aDuplicateInABatchIsADuplicate(backend: DatabaseBackend) throws {
        let database = try database(backend)
        defer { database.close() }
        let failure = try failure {
            try database.executeEach("INSERT INTO owners (id, name) VALUES (?, ?)", [[5, "a"], [6, "민지"]])
        }
        #expect(failure == .duplicate)
        #expect(try database.queryOne("SELECT count(*) FROM owners") { try $0.int(0) } == 1)
    }

    @Test(arguments: DatabaseBackend.available)
    func aNullReadAsAValueIsCorrupt(backend: DatabaseBackend) throws {
        let database = try database(backend)
        defer { database.close() }
        #expect(try failure { _ = try database.query("SELECT nickname FROM pets") { try $0.string(0) } } == .corrupt)
        #expect(try failure { _ = try database.query("SELECT nickname FROM pets") { try $0.day(0) } } == .corrupt)
    }

    @Test(arguments: DatabaseBackend.available)
    func aClosedDatabaseIsClosed(backend: DatabaseBackend) throws {
        let database = try database(backend)
        database.close()
        #expect(try failure { try database.execute("SELECT 1") } == .closed)
        #expect(try failure { try database.transaction {} } == .closed)
    }

    @Test(arguments: DatabaseBackend.available)
    func theUserSeesTheContractCode(backend: DatabaseBackend) throws {
        let database = try database(backend)
        defer { database.close() }
        let error = try #require(throws: StorageError.self) {
            try database.execute("INSERT INTO owners (id, name) VALUES (2, '민지')")
        }
        #expect(AppError.wrapping(error).code == "storage.duplicate")
    }
}
