#if canImport(Glibc)
    import Glibc
#endif

/// Writes a notification as one line on standard error (`DesktopNotification.line`): where
/// no desktop is (a server, a test, a systemd unit's journal).
public struct StandardErrorNotifier: Notifier {
    /// A notifier.
    public init() {}

    /// Writes the line; returns `"stderr"`.
    public func show(_ notification: DesktopNotification) -> String {
        Self.write(notification.line + "\n")
        return "stderr"
    }

    /// Writes `text` to file descriptor 2, whole.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written <= 0 { break }
            offset += written
        }
    }
}
