import Core

#if canImport(Glibc)
    import Glibc
#endif

/// A photo file's bytes, read once from one descriptor: what is checked is what is decoded.
///
/// The path is opened without following a final symbolic link (one swapped between a check
/// and the decode could change what is decoded) and without waiting (a FIFO with no writer
/// would block); then the descriptor must be a regular file within the byte limit. The bytes,
/// never the name, go to libvips, which would read `photo.jpg[shrink=2]` as load options.
enum PhotoFile {
    /// The bytes of the regular file at `path`, at most `maximumBytes` of them.
    /// - Throws: `image.bad` with a message for a person.
    static func read(_ path: String, maximumBytes: Int) throws -> [UInt8] {
        guard !path.utf8.contains(0) else { throw bad("the path contains a NUL character") }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw bad("the path is a symbolic link; give the photo file itself") }
            throw bad("cannot open the file: \(reason(code))")
        }
        defer { close(descriptor) }
        var information = stat()
        guard fstat(descriptor, &information) == 0 else { throw bad("cannot read the file: \(reason(errno))") }
        guard (information.st_mode & S_IFMT) == S_IFREG else { throw bad("not a regular file") }
        let size = Int(information.st_size)
        guard size <= maximumBytes else { throw tooLarge(size, maximumBytes) }
        guard size > 0 else { throw bad("the file is empty") }
        // Reads block again: a regular file never waits, and a short read is not an end.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        // One byte more than fstat said: a file that grew while it was read is noticed.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw bad("cannot read the file: \(reason(errno))")
            }
            if got == 0 { break }
            count += got
        }
        guard count <= size else { throw bad("the file changed while it was read") }
        guard count > 0 else { throw bad("the file is empty") }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    static func tooLarge(_ size: Int, _ maximum: Int) -> AppError {
        bad("the file is \(size / 1_048_576) MB (\(size) bytes); at most \(maximum / 1_048_576) MB (\(maximum) bytes)")
    }

    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    static func bad(_ message: String) -> AppError { AppError(code: "image.bad", message: message) }
}
