#if canImport(Glibc)
    import Glibc
#endif

/// Reads a small file whole with POSIX calls: the time-zone files at start-up, where
/// FoundationEssentials' `Data(contentsOf: URL)` cost ~0.37 M instructions (building the URL
/// and its path) of a start that should take a few.
enum SmallFile {
    /// The bytes of the regular file at `path` (links followed), or nil when it cannot be
    /// opened, is not a regular file (a FIFO is never waited on) or is over `limit` bytes.
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= limit
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        return bytes
    }
}
