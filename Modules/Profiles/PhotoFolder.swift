import FoundationEssentials

/// Where profile photos are written (under the data directory; chosen by the composition root).
public struct PhotoFolder: Sendable {
    /// The folder's absolute path; it exists.
    public let path: String

    /// A folder; a relative `path` is taken from the working folder now, so the photo paths
    /// stored in profiles stay right when a later run starts elsewhere.
    public init(path: String) {
        if path.hasPrefix("/") {
            self.path = path
        } else {
            self.path = "\(FileManager.default.currentDirectoryPath)/\(path)"
        }
    }
}
