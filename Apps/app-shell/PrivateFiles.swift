import Core

#if canImport(Glibc)
    import Glibc
#endif

/// New files and folders only the OS user can read, never replacing anything: what
/// `--export` and `--export-markdown` write, as `--backup` does.
enum PrivateFiles {
    /// Writes `contents` into the new file `path`, mode 0600.
    /// - Throws: `storage.exists` (field `file`) when anything is at `path`, even a dangling
    ///   link; `storage.io` when it cannot be written (and then no file is left).
    static func create(_ path: String, contents: [UInt8]) throws {
        try checkNew(path)
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(path)") }
        var written = 0
        var ok = true
        while written < contents.count {
            let count = contents[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                ok = false
                break
            }
            written += count
        }
        let error = failure("cannot write \(path)")
        if ok, fsync(descriptor) != 0 { ok = false }
        if close(descriptor) != 0 { ok = false }
        guard ok else {
            unlink(path)
            throw error
        }
    }

    /// Makes the new folder `path`, mode 0700.
    /// - Throws: `storage.exists` when anything is at `path`; `storage.io` otherwise.
    static func createFolder(_ path: String) throws {
        try checkNew(path)
        guard mkdir(path, 0o700) == 0 else { throw failure("cannot create the folder \(path)") }
    }

    private static func checkNew(_ path: String) throws {
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw AppError.invalidArgument("the file needs a name without NUL bytes", field: "file")
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            throw StorageError(
                .exists, message: "\(path) exists; an export never replaces a file", field: "file")
        }
    }

    private static func failure(_ what: String) -> StorageError {
        StorageError(.io, message: "\(what): \(String(cString: strerror(errno)))", field: "file")
    }
}
