import CVips
import Core

#if canImport(Glibc)
    import Glibc
#endif

/// Profile photos with libvips, loaded on the first photo (start-up never pays for it).
///
/// The file is read once (`PhotoFile`: a regular file, no final symbolic link, at most
/// 50 MB) and its bytes are both checked and decoded, so what is checked is what is decoded.
/// From the header alone, its pixel count is checked (at most 100 megapixels), so a
/// decompression bomb is refused, not decoded. Only JPEG, PNG, WebP, HEIC and AVIF are read.
/// A truncated file fails the decode (libvips' `fail_on`).
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

    /// Reserves libvips' `VIPSHOME` in the environment (`cvips_reserve_environment`), so that
    /// loading libvips later never adds a variable while other threads read the
    /// environment. Call first thing in a program's main, while it has one thread.
    public static func reserveEnvironment() {
        cvips_reserve_environment()
    }

    /// The card and the thumbnail of `source`, encoded in memory.
    public func makePhoto(
        from source: String, cardSize: (width: Int, height: Int), thumbnailSize: (width: Int, height: Int)
    ) throws -> ProcessedPhoto {
        var error = [CChar](repeating: 0, count: 512)
        guard cvips_load(&error, error.count) == 0 else { throw Self.bad(Self.text(error)) }
        let bytes = try PhotoFile.read(source, maximumBytes: maximumBytes)
        var width: Int32 = 0
        var height: Int32 = 0
        let header = bytes.withUnsafeBytes {
            cvips_header($0.baseAddress, $0.count, &width, &height, &error, error.count)
        }
        guard header == 0 else { throw Self.bad(Self.text(error)) }
        guard Int(width) * Int(height) <= maximumPixels else {
            throw Self.bad("the image is \(width) x \(height), over \(Self.megapixels(maximumPixels)) megapixels")
        }
        var sizes = [Int32](repeating: 0, count: 4)
        var card: UnsafeMutableRawPointer?
        var cardLength = 0
        var thumbnail: UnsafeMutableRawPointer?
        var thumbnailLength = 0
        defer {
            cvips_free(card)
            cvips_free(thumbnail)
        }
        let made = bytes.withUnsafeBytes {
            cvips_make_photo(
                $0.baseAddress, $0.count, Int32(cardSize.width), Int32(cardSize.height), Int32(thumbnailSize.width),
                Int32(thumbnailSize.height), &sizes, &card, &cardLength, &thumbnail, &thumbnailLength, &error,
                error.count)
        }
        guard made == 0, let card, let thumbnail else { throw Self.bad(Self.text(error)) }
        return ProcessedPhoto(
            card: .init(width: Int(sizes[0]), height: Int(sizes[1]), jpeg: Self.copy(card, cardLength)),
            thumbnail: .init(
                width: Int(sizes[2]), height: Int(sizes[3]), jpeg: Self.copy(thumbnail, thumbnailLength)),
            originalBytes: bytes.count)
    }

    static func copy(_ memory: UnsafeMutableRawPointer, _ count: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: memory, count: count))
    }

    /// `pixels` in megapixels, as a person writes them: 100, 0.5, 0.01.
    static func megapixels(_ pixels: Int) -> String {
        if pixels % 1_000_000 == 0 { return "\(pixels / 1_000_000)" }
        return "\(Double(pixels) / 1_000_000)"
    }

    static func text(_ buffer: [CChar]) -> String {
        String(cBuffer: buffer).trimmingWhitespace
    }

    static func bad(_ message: String) -> AppError { AppError(code: "image.bad", message: message) }
}
