/// What is known of a stored JPEG without reading it: its size and content hash. A profile
/// record and a mate list report this instead of a path; the bytes are read on demand.
public struct StoredImage: Sendable, Equatable {
    /// Its width in pixels.
    public let width: Int
    /// Its height in pixels.
    public let height: Int
    /// Its size in bytes.
    public let bytes: Int
    /// The SHA-256 of its bytes, 64 lowercase hexadecimal digits: equal hashes, equal images,
    /// so a copy elsewhere is known current without fetching it again.
    public let sha256: String

    /// A description of a stored image.
    public init(width: Int, height: Int, bytes: Int, sha256: String) {
        self.width = width
        self.height = height
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// `{width, height, bytes, sha256}`, as routes return it.
    public var value: Value {
        .table(
            Record([
                ("width", .int(width)), ("height", .int(height)), ("bytes", .int(bytes)), ("sha256", .string(sha256)),
            ]))
    }
}
