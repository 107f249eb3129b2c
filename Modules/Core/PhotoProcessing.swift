/// Turns an image file into a profile photo's two JPEGs. Core declares it; the Imaging
/// module implements it with libvips; Profiles uses it without knowing how.
public protocol PhotoProcessing: Sendable {
    /// Decodes `source` once and encodes the card (cover `cardSize`, centre-cropped) and the
    /// thumbnail (cover `thumbnailSize`, centre-cropped) as sRGB JPEGs without metadata, in
    /// memory: nothing is written to a file.
    /// - Throws: `image.bad` for a file that is not an image, is truncated, or is over the
    ///   limits (checked before pixels are decoded).
    func makePhoto(from source: String, cardSize: (width: Int, height: Int), thumbnailSize: (width: Int, height: Int))
        throws -> ProcessedPhoto
}
