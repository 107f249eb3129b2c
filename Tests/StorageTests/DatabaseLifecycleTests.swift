import Core
import Foundation
import Testing

@testable import Storage

/// Closing checkpoints the `-wal` into the `.db` file, new files are private to their
/// owner, and `backup(to:)` makes a consistent copy of a database that is being written.
@Suite struct DatabaseLifecycleTests {
    private func makeTable(_ database: any Database) throws {
        try database.executeScript("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }

    private func count(_ database: any Database, _ table: String = "items") throws -> Int {
        try #require(try database.queryOne("SELECT count(*) FROM \(table)") { try $0.int(0) })
    }

    private func insert(_ database: any Database, _ count: Int) throws {
        try database.transaction {
            try database.executeEach(
                "INSERT INTO items (name) VALUES (?)", (0..<count).map { [.text("보리 🐶 \($0)")] })
        }
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }

    @Test func afterCloseTheDatabaseFileAloneHoldsEveryCommit() throws {
        try withTemporaryDatabasePath { path in
            let copy = path + ".copy"
            defer { try? FileManager.default.removeItem(atPath: copy) }
            let database = try SQLiteDatabase(path: path)
            try makeTable(database)
            try insert(database, 200)
            database.close()
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            #expect(try count(try SQLiteDatabase(path: copy)) == 200)
        }
    }

    @Test func aClosedDatabaseRefusesWorkAndClosingTwiceIsHarmless() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try makeTable(database)
        database.close()
        database.close()
        #expect(database.isClosed)
        let error = try #require(throws: StorageError.self) { try count(database) }
        #expect(error.failure == .closed)
        #expect(throws: StorageError.self) { try database.transaction {} }
        #expect(database.lastInsertRowID == 0)
    }

    @Test func theCloseHookRunsOnceBeforeClosingAndMayWrite() throws {
        try withTemporaryDatabasePath { path in
            let database = try SQLiteDatabase(path: path)
            try makeTable(database)
            database.setCloseHook { database in
                _ = try? database.execute("INSERT INTO items (name) VALUES ('last')")
            }
            database.close()
            database.close()
            #expect(try count(try SQLiteDatabase(path: path)) == 1)
        }
    }

    @Test func closingAtExitSkipsADatabaseInATransaction() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try database.transaction {
            database.closeAtExit()
            #expect(!database.isClosed)
        }
        database.closeAtExit()
        #expect(database.isClosed)
    }

    @Test func aNewDatabaseFileAndItsCompanionsAreReadableByTheOwnerOnly() throws {
        try withTemporaryDatabasePath { path in
            let database = try SQLiteDatabase(path: path)
            try makeTable(database)
            try insert(database, 1)
            #expect(try mode(path) == 0o600)
            #expect(try mode(path + "-wal") == 0o600)
            #expect(try mode(path + "-shm") == 0o600)
        }
    }

    @Test func anExistingFileKeepsItsMode() throws {
        try withTemporaryDatabasePath { path in
            #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]))
            _ = try SQLiteDatabase(path: path)
            #expect(try mode(path) == 0o640)
        }
    }

    /// Names a shell, SQLite or a careless program could read as something else.
    static let hostileNames = [
        ":memory:", "-x.db", "file:x.db?mode=memory", "a b\nc.db", "보리 🐶.db", "x.db-wal", "'; DROP TABLE items;--",
    ]

    // Serialized: each case changes the process's working folder, which parallel cases share.
    @Test(.serialized, arguments: hostileNames)
    func aBackupIsACompleteFileUnderAnyName(name: String) throws {
        try withTemporaryDatabasePath { path in
            let folder = path + ".folder"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let database = try SQLiteDatabase(path: path)
            try makeTable(database)
            try insert(database, 50)
            let previous = FileManager.default.currentDirectoryPath
            // Relative, so that ":memory:" and "file:..." are tried as the names they are.
            #expect(FileManager.default.changeCurrentDirectoryPath(folder))
            defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
            #expect(try database.backup(to: name) > 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [name])
            #expect(try mode(folder + "/" + name) == 0o600)
            let copy = try SQLiteDatabase(path: folder + "/" + name)
            #expect(try count(copy) == 50)
        }
    }

    @Test func aBackupNeverReplacesAFileOrFollowsALink() throws {
        try withTemporaryDatabasePath { path in
            let existing = path + ".existing"
            let link = path + ".link"
            let target = path + ".target"
            defer { for file in [existing, link, target] { try? FileManager.default.removeItem(atPath: file) } }
            let database = try SQLiteDatabase(path: path)
            try makeTable(database)
            #expect(FileManager.default.createFile(atPath: existing, contents: Data("keep".utf8)))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            for destination in [existing, link, path] {
                let error = try #require(throws: StorageError.self) { try database.backup(to: destination) }
                #expect(error.failure == .exists)
                #expect(error.field == "file")
            }
            #expect(FileManager.default.contents(atPath: existing) == Data("keep".utf8))
            #expect(!FileManager.default.fileExists(atPath: target))
            let missing = try #require(throws: StorageError.self) {
                try database.backup(to: path + ".no/such/folder.db")
            }
            #expect(missing.failure == .io)
        }
    }

    @Test func aBackupWhileAnotherConnectionWritesIsConsistent() async throws {
        try await withTemporaryDatabasePath { path in
            let copyPath = path + ".backup"
            defer { try? FileManager.default.removeItem(atPath: copyPath) }
            let database = try SQLiteDatabase(path: path)
            try makeTable(database)
            try insert(database, 1000)
            let writer = try SQLiteDatabase(path: path)
            // Each transaction adds 10 rows, so a consistent snapshot holds a multiple of 10.
            let errors = await runOnSeparateThreads([
                { for _ in 0..<200 { try insert(writer, 10) } },
                { try database.backup(to: copyPath) },
            ])
            #expect(errors.isEmpty, "\(errors)")
            // Bytes 18 and 19 of the header are 1 for a rollback journal, 2 for WAL: the
            // copy stands alone, with no -wal to carry along.
            let header = try #require(FileManager.default.contents(atPath: copyPath)).prefix(20)
            #expect(Array(header.suffix(2)) == [1, 1])
            #expect(!FileManager.default.fileExists(atPath: copyPath + "-wal"))
            let copy = try SQLiteDatabase(path: copyPath)
            let copied = try count(copy)
            #expect(copied >= 1000 && copied <= 3000 && copied % 10 == 0, "\(copied)")
            #expect(try copy.queryOne("PRAGMA integrity_check") { try $0.string(0) } == "ok")
        }
    }
}
