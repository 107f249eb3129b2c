import Core

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads a whole regular file, for `app.import` (reading is what the sandbox allows).
public enum FileBytes {
    /// The bytes of the regular file at `path`, at most `maximum` of them.
    /// - Throws: `invalid_argument` (field `path`) for an empty name or one with NUL, a
    ///   missing or unreadable file, a folder or device, or a file over `maximum` bytes.
    ///   `followingLinks: false` refuses a symbolic link as well (for the files inside a folder).
    public static func contents(of path: String, maximum: Int, followingLinks: Bool = true) throws -> [UInt8] {
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw AppError.invalidArgument("the file needs a name without NUL bytes", field: "path")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            throw AppError.invalidArgument(
                "cannot read \(path): \(String(cString: strerror(errno)))", field: "path")
        }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw AppError.invalidArgument("\(path) is not a regular file", field: "path")
        }
        guard Int(status.st_size) <= maximum else {
            throw AppError.invalidArgument("\(path) is over \(maximum) bytes", field: "path")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw AppError.invalidArgument(
                    "cannot read \(path): \(String(cString: strerror(errno)))", field: "path")
            }
            if count == 0 { break }
            output += buffer[0..<count]
            guard output.count <= maximum else {
                throw AppError.invalidArgument("\(path) is over \(maximum) bytes", field: "path")
            }
        }
        return output
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Musl)
    private let systemRead = Musl.read
#endif
