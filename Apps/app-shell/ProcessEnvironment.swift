#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment as a dictionary, read straight from `environ`.
///
/// `ProcessInfo.processInfo.environment` gave the same dictionary for 17,000 instructions a
/// variable (0.6 M of a 15 M start-up with 35 variables, docs/performance.md); this reads
/// each `NAME=value` once. As there, a variable is split at its first `=`, an entry without
/// one is skipped, and of two entries with one name the first wins (what `getenv` returns).
enum ProcessEnvironment {
    /// Every variable of the process.
    static func read() -> [String: String] {
        var result: [String: String] = [:]
        // Glibc imports `environ` as never null, but `clearenv` makes it null: read its bits.
        let table = unsafeBitCast(environ, to: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?.self)
        guard var entry = table else { return result }
        while let pointer = entry.pointee {
            defer { entry += 1 }
            let length = strlen(pointer)
            let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(decoding: bytes[..<equals], as: UTF8.self)
            guard result[name] == nil else { continue }
            result[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
        }
        return result
    }
}
