import Core
import Foundation
import Testing

@testable import Imaging

#if canImport(Glibc)
    import Glibc
#endif

/// The file checked is the file decoded: it is opened once (a final symbolic link is not
/// followed), must be a regular file within the byte limit, and its bytes go to libvips for
/// the header and the decode alike. A name is never read as load options (`x.jpg[shrink=2]`).
@Suite struct HostileFileTests {
    let images: SampleImages

    init() throws { images = try SampleImages() }

    func make(_ source: String, _ processor: VipsPhotoProcessor = VipsPhotoProcessor()) throws -> SampleImages.Saved {
        try images.save(try processor.makePhoto(from: source, cardSize: (392, 591), thumbnailSize: (100, 100)))
    }

    func refused(
        _ source: String, _ processor: VipsPhotoProcessor = VipsPhotoProcessor(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> AppError {
        let error = try #require(throws: AppError.self, sourceLocation: sourceLocation) { try make(source, processor) }
        #expect(error.code == "image.bad", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: images.path("card.jpg")), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: images.path("thumb.jpg")), sourceLocation: sourceLocation)
        return error
    }

    /// A small decoy `X[x]` beside an `X` over the pixel limit: the decoy itself is what gets
    /// decoded, not the file its name would point libvips at.
    @Test(arguments: ["X[x]", "X[shrink=2]", "X.jpg[autorotate=true]"])
    func aNameEndingInBracketsIsTheFileItself(name: String) throws {
        defer { images.remove() }
        let big = try images.sample("big.jpg", width: 1600, height: 1200)
        let target = String(name.prefix { $0 != "[" })
        try FileManager.default.moveItem(atPath: big, toPath: images.path(target))
        let decoy = try images.sample("decoy.jpg", width: 200, height: 300)
        try FileManager.default.moveItem(atPath: decoy, toPath: images.path(name))
        let limited = VipsPhotoProcessor(maximumPixels: 100_000)
        let photo = try make(images.path(name), limited)
        // The big one, over the limit, would have been refused.
        #expect(try images.probe(photo.card.path, x: 10, y: 300).value < 60)
        #expect(
            photo.originalBytes == (try FileManager.default.attributesOfItem(atPath: images.path(name))[.size] as? Int))
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        defer { images.remove() }
        let fifo = images.path("photo.jpg")
        try #require(mkfifo(fifo, 0o600) == 0)
        let error = try refused(fifo)
        #expect(error.message.contains("not a regular file"))
    }

    @Test(arguments: ["/dev/zero", "/dev/null", "/tmp", "/proc/self/mem"])
    func aDeviceOrFolderIsRefused(path: String) throws {
        defer { images.remove() }
        let error = try refused(path)
        #expect(
            ["not a regular file", "cannot open", "empty"].contains { error.message.contains($0) }, "\(error.message)")
    }

    /// A name ending in brackets that would point libvips at /dev/zero (which spins) or at a
    /// FIFO (which waits forever) is the regular file itself.
    @Test(arguments: ["zero", "fifo"])
    func aDecoyBesideADeviceOrFIFOIsTheFileItself(kind: String) throws {
        defer { images.remove() }
        if kind == "fifo" {
            try #require(mkfifo(images.path("Z"), 0o600) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: images.path("Z"), withDestinationPath: "/dev/zero")
        }
        let decoy = try images.sample("decoy.jpg", width: 200, height: 300)
        try FileManager.default.moveItem(atPath: decoy, toPath: images.path("Z[x]"))
        #expect(try make(images.path("Z[x]")).card.width == 392)
    }

    /// A final symbolic link is not followed: a link swapped between the checks and the
    /// decode could otherwise change what is decoded.
    @Test func aSymbolicLinkIsRefused() throws {
        defer { images.remove() }
        let real = try images.sample("real.jpg", width: 300, height: 300)
        try FileManager.default.createSymbolicLink(atPath: images.path("link.jpg"), withDestinationPath: real)
        let error = try refused(images.path("link.jpg"))
        #expect(error.message.contains("symbolic link"))
    }

    @Test func aPathWithANULIsRefusedNotTruncated() throws {
        defer { images.remove() }
        let real = try images.sample("in.jpg", width: 300, height: 300)
        let error = try refused(real + "\u{0}.txt")
        #expect(error.message.contains("NUL"))
    }

    @Test func anEmptyOrMissingFileIsRefused() throws {
        defer { images.remove() }
        #expect(FileManager.default.createFile(atPath: images.path("empty.jpg"), contents: Data()))
        #expect(try refused(images.path("empty.jpg")).message.contains("empty"))
        #expect(try refused(images.path("missing.jpg")).message.contains("cannot open"))
    }
}
