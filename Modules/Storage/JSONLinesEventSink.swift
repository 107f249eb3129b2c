import Core
import Formats
import Time

#if canImport(Glibc)
    import Glibc
#endif

/// Appends events to a JSON Lines file, one object a line, and syncs the file to disk
/// before saying it took them: only then may their deletion from the database commit.
public struct JSONLinesEventSink: EventSink {
    /// The file.
    public let path: String

    /// A sink appending to `path` (created if missing).
    public init(path: String) { self.path = path }

    /// Appends the batch and fsyncs.
    /// - Throws: `events.sink_failed` when the file cannot be opened, written or synced.
    public func send(_ events: [StoredEvent], zone: TimeZoneRules) throws {
        var text = ""
        for event in events { text += event.value(in: zone).jsonText + "\n" }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot open") }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            guard written > 0 else { throw failure("cannot write") }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw failure("cannot sync") }
    }

    private func failure(_ what: String) -> AppError {
        AppError(code: "events.sink_failed", message: "\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
