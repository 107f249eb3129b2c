/// Turns an image file into a profile photo's two JPEGs. Core declares it; the Imaging
/// module implements it with libvips; Profiles uses it without knowing how.
public protocol PhotoProcessing: Sendable {
    /// Decodes `source` once and writes the card (cover `cardSize`, centre-cropped) and the
    /// thumbnail (cover `thumbnailSize`, centre-cropped) as sRGB JPEGs without metadata.
    /// - Throws: `image.bad` for a file that is not an image, is truncated, or is over the
    ///   limits (checked before pixels are decoded); no output file is left behind then.
    func makePhoto(
        from source: String, card: String, cardSize: (width: Int, height: Int), thumbnail: String,
        thumbnailSize: (width: Int, height: Int)
    ) throws -> ProcessedPhoto
}
