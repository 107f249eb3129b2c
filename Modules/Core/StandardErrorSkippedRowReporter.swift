/// Reports skipped rows as one line on standard error:
/// `app-shell: bookstories.public: 1 row skipped, it could not be read: column ...`.
public struct StandardErrorSkippedRowReporter: SkippedRowReporter {
    /// A reporter.
    public init() {}

    /// Writes the line.
    public func skipped(_ count: Int, from list: String, reason: String) {
        guard count > 0 else { return }
        let rows = count == 1 ? "1 row skipped, it could not be read" : "\(count) rows skipped, they could not be read"
        StandardErrorNotifier.write("app-shell: \(list): \(rows): \(reason)\n")
    }
}
