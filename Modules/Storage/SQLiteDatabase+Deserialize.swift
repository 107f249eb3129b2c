import CSQLite
import Core

extension SQLiteDatabase {
    /// The largest SQLite file another app wrote that `reading(bytes:)` opens: 256 MiB.
    public static let maximumForeignBytes = 256 * 1_048_576
    /// The most virtual machine steps one statement on such a file may take: 2,000,000,000
    /// (a full read of a 256 MiB Loop backup takes a few hundred million).
    public static let maximumForeignSteps = 2_000_000_000

    /// An in-memory, read-only database holding a copy of `bytes`, the content of a SQLite
    /// file another app wrote (a Loop Habit Tracker backup). Nothing is written beside the
    /// file and the file is never opened: a hostile file can only fail to read.
    ///
    /// Its work is bounded: temporary storage stays in memory (a hostile file cannot fill
    /// the temporary folder), no function or virtual table of its schema is trusted
    /// (`trusted_schema` off), and a statement that runs more than
    /// `maximumForeignSteps` of SQLite's virtual machine steps is stopped
    /// (`storage.busy`, "takes too long to read"), so a view or virtual table built never to
    /// end ends. Only plain tables are read (`tableColumns`).
    ///
    /// A file saved in WAL mode says so in its header (bytes 18 and 19 are 2), which an
    /// in-memory copy cannot follow; the copy is marked as a rollback-journal file, which
    /// is what a WAL file checkpointed into its main file is.
    /// - Throws: `invalid_argument` (field `path`) for bytes that are not a SQLite database
    ///   or are over 256 MiB.
    public static func reading(bytes: [UInt8]) throws -> SQLiteDatabase {
        let header = Array("SQLite format 3\u{0}".utf8)
        guard bytes.count >= 100, bytes.starts(with: header) else {
            throw AppError.invalidArgument("the file is not a SQLite database", field: "path")
        }
        guard bytes.count <= maximumForeignBytes else {
            throw AppError.invalidArgument("the file is over \(maximumForeignBytes) bytes", field: "path")
        }
        var copy = bytes
        if copy[18] == 2 || copy[19] == 2 {
            copy[18] = 1
            copy[19] = 1
        }
        let database = try SQLiteDatabase(path: ":memory:")
        try database.connection.withLock { connection in
            guard let buffer = sqlite3_malloc64(sqlite3_uint64(copy.count)) else {
                throw StorageError(.io, message: "out of memory reading a SQLite file of \(copy.count) bytes")
            }
            copy.withUnsafeBytes { source in
                if let base = source.baseAddress { buffer.copyMemory(from: base, byteCount: source.count) }
            }
            let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY)
            let code = sqlite3_deserialize(
                connection.handle, "main", buffer.assumingMemoryBound(to: UInt8.self), sqlite3_int64(copy.count),
                sqlite3_int64(copy.count), flags)
            guard code == SQLITE_OK else {
                throw AppError.invalidArgument(
                    "the SQLite file cannot be read: \(String(cString: sqlite3_errstr(code)))", field: "path")
            }
        }
        do {
            try database.executeScript("PRAGMA temp_store = MEMORY; PRAGMA trusted_schema = OFF;")
            database.boundSteps(to: maximumForeignSteps)
            // A damaged file is found here, with one clear error, rather than mid-import.
            _ = try database.query("SELECT count(*) FROM sqlite_schema", []) { try $0.int(0) }
        } catch {
            database.close()
            throw AppError.invalidArgument(
                "the SQLite file is damaged: \(AppError.wrapping(error).message)", field: "path")
        }
        return database
    }

    /// Bounds every later statement of this connection to `steps` virtual machine steps in
    /// all (`Connection.boundSteps`).
    func boundSteps(to steps: Int) {
        connection.withLock { $0.boundSteps(to: steps) }
    }

    /// Whether the bound of `boundSteps` was reached: a statement failed for it.
    public var stepsExhausted: Bool { connection.withLock { $0.stepsExhausted } }

    /// The names of the plain tables (lowercased) and, for each, its columns (lowercased):
    /// no view, virtual table or shadow table of a foreign file is ever read as data.
    public func tableColumns() throws -> [String: Set<String>] {
        var tables: [String: Set<String>] = [:]
        let names = try query(
            "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table'", []
        ) { try $0.string(0) }
        for name in names where name.utf8.allSatisfy({ $0 != 0x22 && $0 >= 0x20 }) {
            let columns = try query("SELECT name FROM pragma_table_info(?)", [.text(name)]) { try $0.string(0) }
            tables[name.lowercased()] = Set(columns.map { $0.lowercased() })
        }
        return tables
    }
}
