import Core
import Foundation
import Testing

@testable import Imaging

@Suite struct VipsPhotoProcessorTests {
    let images: SampleImages
    let processor = VipsPhotoProcessor()

    init() throws { images = try SampleImages() }

    func make(_ source: String) throws -> SampleImages.Saved {
        try images.save(try processor.makePhoto(from: source, cardSize: (392, 591), thumbnailSize: (100, 100)))
    }

    static let shapes: [(Int, Int)] = [(800, 400), (400, 800), (600, 600), (50, 40), (4032, 3024)]

    @Test(arguments: shapes)
    func outputsHaveExactlyTheTargetSizes(width: Int, height: Int) throws {
        defer { images.remove() }
        let photo = try make(try images.sample("in.jpg", width: width, height: height))
        #expect((photo.card.width, photo.card.height) == (392, 591))
        #expect((photo.thumbnail.width, photo.thumbnail.height) == (100, 100))
        let card = try images.probe(photo.card.path)
        let thumbnail = try images.probe(photo.thumbnail.path)
        #expect((card.width, card.height) == (392, 591))
        #expect((thumbnail.width, thumbnail.height) == (100, 100))
        #expect(photo.card.bytes > 0 && photo.thumbnail.bytes > 0 && photo.originalBytes > 0)
    }

    @Test func orientationSixTurnsTheLeftHalfToTheTop() throws {
        defer { images.remove() }
        // Displayed rotated 90 degrees clockwise: the black left half becomes the top.
        let photo = try make(try images.sample("o6.jpg", width: 800, height: 400, orientation: 6))
        #expect(try images.probe(photo.card.path, x: 196, y: 20).value < 60)
        #expect(try images.probe(photo.card.path, x: 196, y: 570).value > 190)
    }

    @Test func orientationEightTurnsTheLeftHalfToTheBottom() throws {
        defer { images.remove() }
        let photo = try make(try images.sample("o8.jpg", width: 800, height: 400, orientation: 8))
        #expect(try images.probe(photo.card.path, x: 196, y: 20).value > 190)
        #expect(try images.probe(photo.card.path, x: 196, y: 570).value < 60)
    }

    @Test func metadataAndAboveAllTheGPSPositionAreStripped() throws {
        defer { images.remove() }
        let source = try images.sample("gps.jpg", width: 800, height: 600, orientation: 1, gps: true)
        #expect(try images.probe(source).hasGPS, "the sample carries a GPS position")
        let photo = try make(source)
        for file in [photo.card.path, photo.thumbnail.path] {
            let probe = try images.probe(file)
            #expect(!probe.hasGPS)
            #expect(!probe.hasEXIF)
        }
    }

    @Test func notAnImageIsRefusedAndLeavesNoFile() throws {
        defer { images.remove() }
        let text = images.path("text.jpg")
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: text))
        let error = try #require(throws: AppError.self) { try make(text) }
        #expect(error.code == "image.bad")
        #expect(!FileManager.default.fileExists(atPath: images.path("card.jpg")))
    }

    @Test func aTruncatedImageIsRefusedAndLeavesNoFile() throws {
        defer { images.remove() }
        let whole = try images.sample("whole.jpg", width: 1200, height: 900)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = images.path("cut.jpg")
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        let error = try #require(throws: AppError.self) { try make(cut) }
        #expect(error.code == "image.bad")
        #expect(!FileManager.default.fileExists(atPath: images.path("card.jpg")))
        #expect(!FileManager.default.fileExists(atPath: images.path("thumb.jpg")))
    }

    @Test func tooManyPixelsAreRefusedFromTheHeaderAlone() throws {
        defer { images.remove() }
        let small = VipsPhotoProcessor(maximumPixels: 10_000)
        let error = try #require(throws: AppError.self) {
            try small.makePhoto(
                from: try images.sample("big.jpg", width: 200, height: 100),
                cardSize: (392, 591), thumbnailSize: (100, 100))
        }
        #expect(error.message.contains("megapixels"))
        #expect(VipsPhotoProcessor().maximumPixels == 100_000_000)
    }

    @Test func aFileOverTheByteLimitIsRefused() throws {
        defer { images.remove() }
        let tiny = VipsPhotoProcessor(maximumBytes: 100)
        let error = try #require(throws: AppError.self) {
            try tiny.makePhoto(
                from: try images.sample("any.jpg", width: 300, height: 300),
                cardSize: (392, 591), thumbnailSize: (100, 100))
        }
        #expect(error.code == "image.bad")
        #expect(VipsPhotoProcessor().maximumBytes == 50 * 1024 * 1024)
    }
}
