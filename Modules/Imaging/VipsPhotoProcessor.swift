import CVips
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// Profile photos with libvips, loaded on the first photo (start-up never pays for it).
///
/// Limits are checked before any pixel is decoded: the file's size (at most 50 MB) and,
/// from the header alone, its pixel count (at most 100 megapixels), so a decompression
/// bomb is refused, not decoded. A truncated file fails the decode (libvips' `fail_on`).
public struct VipsPhotoProcessor: PhotoProcessing {
    /// The largest file accepted, in bytes.
    public let maximumBytes: Int
    /// The most pixels accepted.
    public let maximumPixels: Int

    /// A processor with these limits.
    public init(maximumBytes: Int = 50 * 1024 * 1024, maximumPixels: Int = 100_000_000) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
    }

    /// Writes the card and the thumbnail of `source`.
    public func makePhoto(
        from source: String, card: String, cardSize: (width: Int, height: Int), thumbnail: String,
        thumbnailSize: (width: Int, height: Int)
    ) throws -> ProcessedPhoto {
        guard let originalBytes = Self.fileSize(source) else { throw Self.bad("cannot read \(source)") }
        guard originalBytes <= maximumBytes else {
            throw Self.bad("the file is \(originalBytes / 1_048_576) MB; at most \(maximumBytes / 1_048_576) MB")
        }
        var error = [CChar](repeating: 0, count: 512)
        var width: Int32 = 0
        var height: Int32 = 0
        guard cvips_header(source, &width, &height, &error, error.count) == 0 else { throw Self.bad(Self.text(error)) }
        guard Int(width) * Int(height) <= maximumPixels else {
            throw Self.bad("the image is \(width) x \(height), over \(maximumPixels / 1_000_000) megapixels")
        }
        var sizes = [Int32](repeating: 0, count: 4)
        let made = cvips_make_photo(
            source, card, Int32(cardSize.width), Int32(cardSize.height), thumbnail,
            Int32(thumbnailSize.width), Int32(thumbnailSize.height), &sizes, &error, error.count)
        guard made == 0 else {
            unlink(card)
            unlink(thumbnail)
            throw Self.bad(Self.text(error))
        }
        return ProcessedPhoto(
            card: .init(path: card, width: Int(sizes[0]), height: Int(sizes[1]), bytes: Self.fileSize(card) ?? 0),
            thumbnail: .init(
                path: thumbnail, width: Int(sizes[2]), height: Int(sizes[3]), bytes: Self.fileSize(thumbnail) ?? 0),
            originalBytes: originalBytes)
    }

    static func fileSize(_ path: String) -> Int? {
        var information = stat()
        guard stat(path, &information) == 0, (information.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(information.st_size)
    }

    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingWhitespace
    }

    static func bad(_ message: String) -> AppError { AppError(code: "image.bad", message: message) }
}
