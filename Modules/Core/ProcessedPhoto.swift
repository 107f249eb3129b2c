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

        /// An image of `width` x `height` pixels encoded as `jpeg`.
        public init(width: Int, height: Int, jpeg: [UInt8]) {
            self.width = width
            self.height = height
            self.jpeg = jpeg
        }
    }

    /// The card, cover-cropped to the size asked for (392 x 591 for a profile).
    public let card: Image
    /// The thumbnail, cover-cropped to the size asked for (100 x 100 for a profile).
    public let thumbnail: Image
    /// The source file's size in bytes.
    public let originalBytes: Int

    /// The two images made from a file of `originalBytes` bytes.
    public init(card: Image, thumbnail: Image, originalBytes: Int) {
        self.card = card
        self.thumbnail = thumbnail
        self.originalBytes = originalBytes
    }
}
