import CSQLite
import Core

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One open SQLite connection and its prepared-statement cache.
///
/// Not thread-safe on its own: `Database` owns it behind a re-entrant lock. Statements
/// are checked out of the cache while they run and put back after, so a query that runs
/// while another is being stepped (re-entrantly) gets its own statement.
final class Connection {
    /// SQLite's process-wide settings, made once before the first connection opens. Memory
    /// statistics are off: nothing reads them, and keeping them took a global mutex on every
    /// allocation (about 600 instructions per stored event).
    static let configured: Int32 = csqlite_disable_memory_statistics()

    let handle: OpaquePointer
    /// The file, as given (for messages that must name it: a damaged or full database).
    let path: String
    private var cache: [String: OpaquePointer] = [:]
    var transactionDepth = 0
    /// Set by `close()`; every later statement fails with `StorageFailure.closed`.
    private(set) var isClosed = false

    init(path: String) throws {
        _ = Self.configured
        Self.createPrivately(path)
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else {
            throw StorageError(.openFailed, message: "cannot open database \(path): out of memory")
        }
        guard code == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(opened))
            sqlite3_close_v2(opened)
            throw StorageError(.openFailed, message: "cannot open database \(path): \(message)")
        }
        handle = opened
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        if !isClosed {
            for statement in cache.values { sqlite3_finalize(statement) }
            sqlite3_close_v2(handle)
        }
        // After the close: SQLite calls the progress handler no more.
        stepsLeft?.deallocate()
    }

    /// The progress handler's budget (`boundSteps`): SQLite's virtual machine steps this
    /// connection may still take, in thousands; nil when unbounded.
    private(set) var stepsLeft: UnsafeMutablePointer<Int>?

    /// Stops every statement once the connection has taken `steps` virtual machine steps in
    /// all (SQLite's progress handler, asked every 1,000 steps): the statement then fails
    /// as interrupted and `stepsExhausted` is true.
    func boundSteps(to steps: Int) {
        let budget = stepsLeft ?? UnsafeMutablePointer<Int>.allocate(capacity: 1)
        budget.initialize(to: max(steps / 1000, 1))
        stepsLeft = budget
        sqlite3_progress_handler(
            handle, 1000,
            { context in
                guard let left = context?.assumingMemoryBound(to: Int.self) else { return 1 }
                left.pointee -= 1
                return left.pointee < 0 ? 1 : 0
            }, budget)
    }

    /// Whether `boundSteps`'s budget ran out.
    var stepsExhausted: Bool { (stepsLeft?.pointee ?? 0) < 0 }

    /// Creates a database file that does not exist yet readable and writable by its owner
    /// only (0600). SQLite gives the `-wal` and `-shm` files it makes beside it the same
    /// mode. An existing file keeps its mode; `:memory:`, `""` and `file:` URIs are left to
    /// SQLite.
    static func createPrivately(_ path: String) {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        #if canImport(Glibc)
            Glibc.close(descriptor)
        #elseif canImport(Musl)
            Musl.close(descriptor)
        #endif
    }

    /// Finalizes the cached statements, checkpoints what other connections allow, and
    /// closes the connection. The last connection to a file checkpoints the whole `-wal`
    /// into the database and removes it, so the `.db` file alone is a complete copy.
    /// Idempotent.
    func close() {
        guard !isClosed else { return }
        for statement in cache.values { sqlite3_finalize(statement) }
        cache.removeAll()
        if transactionDepth == 0 {
            // PASSIVE never waits for other processes; the close below completes the job
            // when this is the last connection.
            sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
        // A statement still checked out (a query being stepped) makes sqlite3_close refuse;
        // close_v2 then closes once it is finalized.
        if sqlite3_close(handle) != SQLITE_OK { sqlite3_close_v2(handle) }
        isClosed = true
    }

    /// Throws `StorageFailure.closed` once `close()` ran.
    func checkOpen() throws {
        if isClosed { throw StorageError(.closed, message: "the database is closed") }
    }

    /// Throws a storage error for any result code but OK, ROW and DONE.
    func check(_ code: Int32, _ sql: String? = nil) throws {
        switch code & 0xFF {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return
        default: throw error(code, sql)
        }
    }

    func error(_ code: Int32, _ sql: String?) -> StorageError {
        let message = String(cString: sqlite3_errmsg(handle))
        let statement = sql.map { " (in: \($0.prefix(80)))" } ?? ""
        let failure = Self.failure(of: code)
        switch failure {
        case .corrupt, .full, .io:
            // The file is the first thing a person needs to act on (restore it, free room).
            let file = String(
                path.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
            return StorageError(failure, message: "\(message): \(file)\(statement)")
        default:
            return StorageError(failure, message: "\(message)\(statement)")
        }
    }

    /// The storage failure an (extended) SQLite result code means.
    static func failure(of code: Int32) -> StorageFailure {
        switch code & 0xFF {
        case SQLITE_CONSTRAINT where code == csqlite_constraint_unique() || code == csqlite_constraint_primarykey():
            .duplicate
        case SQLITE_CONSTRAINT: .constraint
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_CORRUPT, SQLITE_NOTADB: .corrupt
        case SQLITE_FULL: .full
        case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_IOERR: .io
        default: .other
        }
    }

    /// Runs `sql` with `arguments`, calling `row` for each result row.
    func run(_ sql: String, _ arguments: [SQLValue], row: (Row) throws -> Void) throws {
        let statement = try checkOut(sql)
        defer { checkIn(statement, sql) }
        try bind(arguments, to: statement, sql)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_ROW {
                try row(Row(sqlite: statement))
            } else if code == SQLITE_DONE {
                return
            } else {
                throw error(code, sql)
            }
        }
    }

    /// Runs `body` in a transaction of its own (`BEGIN IMMEDIATE`, no commit hooks) when
    /// none is open, so that a bulk write failing halfway leaves nothing; inside a
    /// transaction, the caller's rolls back.
    func atomically(_ body: (Connection) throws -> Void) throws {
        guard transactionDepth == 0 else { return try body(self) }
        try run("BEGIN IMMEDIATE", []) { _ in }
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            try body(self)
            try run("COMMIT", []) { _ in }
        } catch {
            try? runScript("ROLLBACK")
            throw error
        }
    }

    /// Runs one statement once per row of arguments, prepared and looked up once.
    func runEach(_ sql: String, _ rows: [[SQLValue]]) throws {
        guard !rows.isEmpty else { return }
        let statement = try checkOut(sql)
        defer { checkIn(statement, sql) }
        for arguments in rows {
            sqlite3_reset(statement)
            try bind(arguments, to: statement, sql)
            let code = sqlite3_step(statement)
            guard code == SQLITE_DONE || code == SQLITE_ROW else { throw error(code, sql) }
        }
    }

    /// Runs one statement `count` times, prepared and looked up once, each run's
    /// placeholders bound in order by `bind` (no `[SQLValue]` per run).
    func runEach(_ sql: String, count: Int, _ bind: (Int, inout any SQLBinder) throws -> Void) throws {
        guard count > 0 else { return }
        // Texts are copied here rather than by SQLite (one allocation each); freed after the
        // statement's bindings are cleared (defers run last to first).
        let arena = UnsafeMutableRawBufferPointer.allocate(byteCount: SQLiteBinder.arenaSize, alignment: 1)
        defer { arena.deallocate() }
        let statement = try checkOut(sql)
        defer { checkIn(statement, sql) }
        let expected = sqlite3_bind_parameter_count(statement)
        for index in 0..<count {
            sqlite3_reset(statement)
            var binder: any SQLBinder = SQLiteBinder(connection: self, statement: statement, sql: sql, arena: arena)
            try bind(index, &binder)
            guard let bound = binder as? SQLiteBinder, bound.next - 1 == expected else {
                throw AppError.internal("\(sql.prefix(80)) takes \(expected) arguments, got fewer or more")
            }
            let code = sqlite3_step(statement)
            guard code == SQLITE_DONE || code == SQLITE_ROW else { throw error(code, sql) }
        }
    }

    /// Runs several statements separated by semicolons, with no arguments.
    func runScript(_ sql: String) throws {
        try checkOpen()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        sqlite3_free(message)
        if code != SQLITE_OK { throw error(code, sql) }
    }

    /// Rows changed by inserts, updates and deletes since the connection opened.
    var totalChanges: Int { isClosed ? 0 : Int(sqlite3_total_changes64(handle)) }

    private func checkOut(_ sql: String) throws -> OpaquePointer {
        try checkOpen()
        if let cached = cache.removeValue(forKey: sql) { return cached }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code, sql) }
        return statement
    }

    private func checkIn(_ statement: OpaquePointer, _ sql: String) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        if cache[sql] == nil {
            cache[sql] = statement
        } else {
            sqlite3_finalize(statement)
        }
    }

    private func bind(_ arguments: [SQLValue], to statement: OpaquePointer, _ sql: String) throws {
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == arguments.count else {
            throw AppError.internal("\(sql.prefix(80)) takes \(expected) arguments, got \(arguments.count)")
        }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch argument {
            case .null: code = sqlite3_bind_null(statement, index)
            case .int(let number): code = sqlite3_bind_int64(statement, index, Int64(number))
            case .bool(let flag): code = sqlite3_bind_int64(statement, index, flag ? 1 : 0)
            case .double(let number): code = sqlite3_bind_double(statement, index, number)
            case .text(let text):
                var copy = text
                code = copy.withUTF8 { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { characters in
                        // An empty buffer may have no address; bind "" rather than NULL.
                        sqlite3_bind_text(
                            statement, index, characters.baseAddress ?? csqlite_empty_text(), Int32(characters.count),
                            csqlite_transient())
                    }
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(
                        statement, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count),
                        csqlite_transient())
                }
            }
            try check(code, sql)
        }
    }
}

/// Binds the placeholders of one SQLite statement in order. A small Swift string has no
/// storage that outlives the call, so texts are copied: into `arena` while it has room,
/// bound `SQLITE_STATIC` (the arena lives until the statement's bindings are cleared, and
/// each run starts it again, after the previous run's step), else by SQLite itself.
///
/// A class: as a struct of eight words it did not fit an existential's inline buffer, so
/// every bind through `inout any SQLBinder` checked its box for uniqueness and projected
/// it (430 instructions per stored event); a reference fits.
final class SQLiteBinder: SQLBinder {
    /// The bytes of text one run of a statement copies without an allocation of its own:
    /// 64 rows of two short texts use a quarter of it.
    static let arenaSize = 8_192

    let connection: Connection
    let statement: OpaquePointer
    let sql: String
    let arena: UnsafeMutableRawBufferPointer
    /// The next placeholder's index (SQLite counts from 1).
    var next: Int32 = 1
    /// How much of `arena` this run used.
    var used = 0

    init(connection: Connection, statement: OpaquePointer, sql: String, arena: UnsafeMutableRawBufferPointer) {
        self.connection = connection
        self.statement = statement
        self.sql = sql
        self.arena = arena
    }

    func bind(_ number: Int?) throws {
        let code =
            if let number { sqlite3_bind_int64(statement, next, Int64(number)) } else {
                sqlite3_bind_null(statement, next)
            }
        if code != SQLITE_OK { throw connection.error(code, sql) }
        next += 1
    }

    func bind(_ text: String?) throws {
        guard var text else {
            let code = sqlite3_bind_null(statement, next)
            if code != SQLITE_OK { throw connection.error(code, sql) }
            next += 1
            return
        }
        let index = next
        let length = text.utf8.count
        let target = length <= arena.count - used ? arena.baseAddress.map { $0 + used } : nil
        let code = text.withUTF8 { buffer in
            if let target {
                if let source = buffer.baseAddress { target.copyMemory(from: source, byteCount: buffer.count) }
                return sqlite3_bind_text(
                    statement, index, target.assumingMemoryBound(to: CChar.self), Int32(buffer.count), nil)
            }
            return buffer.withMemoryRebound(to: CChar.self) { characters in
                // An empty buffer may have no address; bind "" rather than NULL.
                sqlite3_bind_text(
                    statement, index, characters.baseAddress ?? csqlite_empty_text(), Int32(characters.count),
                    csqlite_transient())
            }
        }
        if target != nil { used += length }
        if code != SQLITE_OK { throw connection.error(code, sql) }
        next += 1
    }
}
