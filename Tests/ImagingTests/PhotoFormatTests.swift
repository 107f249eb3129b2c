import Core
import Foundation
import Testing

@testable import Imaging

#if canImport(Glibc)
    import Glibc
#endif

/// What phones make is read (JPEG, PNG, WebP, and HEIC and AVIF through libvips' HEIF
/// module, which libvips finds in its own module folder); every other loader is blocked.
@Suite struct PhotoFormatTests {
    let images: SampleImages
    let processor = VipsPhotoProcessor()

    init() throws { images = try SampleImages() }

    func make(_ source: String) throws -> SampleImages.Saved {
        try images.save(try processor.makePhoto(from: source, cardSize: (392, 591), thumbnailSize: (100, 100)))
    }

    /// Made by libvips' own savers (`heifsave` for HEIC and AVIF).
    @Test(arguments: ["photo.heic", "photo.avif", "photo.png", "photo.webp"])
    func phoneFormatsAreRead(name: String) throws {
        defer { images.remove() }
        let source = try images.converted(try images.sample("in.jpg", width: 800, height: 400), to: name)
        let photo = try make(source)
        #expect((photo.card.width, photo.card.height) == (392, 591))
        #expect((photo.thumbnail.width, photo.thumbnail.height) == (100, 100))
        // Black on the left, white on the right, as the sample.
        #expect(try images.probe(photo.card.path, x: 5, y: 300).value < 60)
        #expect(try images.probe(photo.card.path, x: 386, y: 300).value > 190)
    }

    /// Formats no phone makes, read by large libraries: refused, and the message says what is read.
    @Test(arguments: ["photo.tif", "photo.gif", "photo.v", "photo.ppm", "photo.jp2"])
    func otherFormatsAreRefused(name: String) throws {
        defer { images.remove() }
        let source = try images.converted(try images.sample("in.jpg", width: 80, height: 40), to: name)
        let error = try #require(throws: AppError.self) { try make(source) }
        #expect(error.code == "image.bad")
        #expect(error.message.contains("JPEG, PNG, WebP, HEIC or AVIF"), "\(error.message)")
        #expect(!FileManager.default.fileExists(atPath: images.path("card.jpg")))
    }

    /// libvips is loaded without adding to the process environment while threads run (an
    /// added variable makes glibc free the array a `getenv` on another thread may be
    /// reading): VIPSHOME was added before main and now names libvips' own prefix, the one
    /// whose modules folder it was built with; no VIPS_WARNING is added.
    @Test func loadingLibvipsAddsNoEnvironmentAndUsesItsOwnPrefix() throws {
        defer { images.remove() }
        _ = try make(try images.sample("in.jpg", width: 80, height: 40))
        #expect(getenv("VIPS_WARNING") == nil)
        let prefix = try #require(getenv("VIPSHOME")).pointee != 0 ? String(cString: getenv("VIPSHOME")) : ""
        #expect(FileManager.default.fileExists(atPath: "\(prefix)/lib/x86_64-linux-gnu/vips-modules-8.14/vips-heif.so"))
        #expect(!prefix.contains("app-shell-vips"))
    }
}
