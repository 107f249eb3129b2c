/// What `PhotoProcessing.makePhoto` made: two JPEGs in memory.
public struct ProcessedPhoto: Sendable, Equatable {
    /// One encoded image.
    public struct Image: Sendable, Equatable {
        /// Its width in pixels.
        public let width: Int
        /// Its height in pixels.
        public let height: Int
        /// The JPEG file's bytes.
        public let jpeg: [UInt8]

        /// Its size in bytes.
        public var bytes: Int { jpeg.count }

        /// An image.
        public init(width: Int, height: Int, jpeg: [UInt8]) {
            self.width = width
            self.height = height
            self.jpeg = jpeg
        }
    }

    /// The card.
    public let card: Image
    /// The thumbnail.
    public let thumbnail: Image
    /// The source file's size in bytes.
    public let originalBytes: Int

    /// A result.
    public init(card: Image, thumbnail: Image, originalBytes: Int) {
        self.card = card
        self.thumbnail = thumbnail
        self.originalBytes = originalBytes
    }
}
