/// Where profile photos are written (under the data directory; chosen by the composition root).
public struct PhotoFolder: Sendable {
    /// The folder's path; it exists.
    public let path: String

    /// A folder.
    public init(path: String) { self.path = path }
}
