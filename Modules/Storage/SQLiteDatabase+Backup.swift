import CSQLite
import Core

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension SQLiteDatabase {
    /// Copies the database, as one consistent snapshot, into a new file at `destination`,
    /// while other connections and processes go on writing (SQLite's online backup API: one
    /// step inside one read transaction, which WAL lets writers work beside).
    ///
    /// The copy is a single self-contained file (rollback journal, no `-wal`), created 0600.
    /// `destination` must not exist: an existing file or symbolic link, even a dangling one,
    /// is refused and never written. The name is taken literally (never as a URI or
    /// `:memory:`), so any file name works.
    /// - Returns: the number of pages copied.
    /// - Throws: `storage.exists` (field `file`), `storage.io` when the file cannot be
    ///   made, or a storage error from the copy; a failed copy leaves no file behind.
    @discardableResult
    public func backup(to destination: String) throws -> Int {
        guard !destination.isEmpty, !destination.utf8.contains(0) else {
            throw AppError.invalidArgument("the backup file needs a name without NUL bytes", field: "file")
        }
        var status = stat()
        if lstat(destination, &status) == 0 {
            throw StorageError(
                .exists, message: "\(destination) exists; a backup never replaces a file", field: "file")
        }
        let descriptor = open(destination, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw StorageError(.io, message: "cannot create \(destination): \(reason)", field: "file")
        }
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #elseif canImport(Musl)
            _ = Musl.close(descriptor)
        #endif
        var finished = false
        defer { if !finished { unlink(destination) } }

        // "./" keeps a relative name such as ":memory:" a file name.
        let target = destination.hasPrefix("/") ? destination : "./" + destination
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let code = sqlite3_open_v2(target, &opened, flags, nil)
        guard let copy = opened else {
            throw StorageError(.io, message: "cannot open \(destination): out of memory", field: "file")
        }
        defer { sqlite3_close_v2(copy) }
        guard code == SQLITE_OK else {
            throw StorageError(
                .io, message: "cannot open \(destination): \(String(cString: sqlite3_errmsg(copy)))",
                field: "file")
        }
        let pages = try connection.withLock { connection -> Int in
            try connection.checkOpen()
            guard let backup = sqlite3_backup_init(copy, "main", connection.handle, "main") else {
                throw StorageError(.io, message: String(cString: sqlite3_errmsg(copy)), field: "file")
            }
            var result: Int32
            var waited = 0
            repeat {
                result = sqlite3_backup_step(backup, -1)
                if result == SQLITE_BUSY || result == SQLITE_LOCKED {
                    sqlite3_sleep(10)
                    waited += 10
                }
            } while (result == SQLITE_BUSY || result == SQLITE_LOCKED) && waited < 5000
            let pages = Int(sqlite3_backup_pagecount(backup))
            sqlite3_backup_finish(backup)
            guard result == SQLITE_DONE else { throw connection.error(result, "backup") }
            return pages
        }
        // The pages carry the source's WAL flag; the copy stands alone as one file.
        var message: UnsafeMutablePointer<CChar>?
        let journal = sqlite3_exec(copy, "PRAGMA journal_mode = DELETE", nil, nil, &message)
        sqlite3_free(message)
        guard journal == SQLITE_OK else {
            throw StorageError(.io, message: String(cString: sqlite3_errmsg(copy)), field: "file")
        }
        finished = true
        return pages
    }
}
