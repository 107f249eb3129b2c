import FoundationEssentials

/// Where profile photos are written (under the data directory; chosen by the composition root).
public struct PhotoFolder: Sendable {
    /// The folder's absolute path, without `.` components; it exists.
    public let path: String

    /// A folder; a relative `path` is taken from the working folder now, so the photo paths
    /// stored in profiles stay right when a later run starts elsewhere.
    public init(path: String) {
        let absolute = path.hasPrefix("/") ? path : "\(FileManager.default.currentDirectoryPath)/\(path)"
        let parts = absolute.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        self.path = "/" + parts.joined(separator: "/")
    }
}
