/// What `PhotoProcessing.makePhoto` wrote.
public struct ProcessedPhoto: Sendable, Equatable {
    /// One written file.
    public struct File: Sendable, Equatable {
        /// Its path.
        public let path: String
        /// Its width in pixels.
        public let width: Int
        /// Its height in pixels.
        public let height: Int
        /// Its size in bytes.
        public let bytes: Int

        /// A file.
        public init(path: String, width: Int, height: Int, bytes: Int) {
            self.path = path
            self.width = width
            self.height = height
            self.bytes = bytes
        }
    }

    /// The card.
    public let card: File
    /// The thumbnail.
    public let thumbnail: File
    /// The source file's size in bytes.
    public let originalBytes: Int

    /// A result.
    public init(card: File, thumbnail: File, originalBytes: Int) {
        self.card = card
        self.thumbnail = thumbnail
        self.originalBytes = originalBytes
    }
}
