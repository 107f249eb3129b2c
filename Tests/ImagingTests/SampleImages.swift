import CVipsSamples
import Core
import Foundation
import Testing

/// Real images for the tests, made and read with libvips itself.
struct SampleImages {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("imaging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A JPEG black on the left half, white on the right.
    func sample(_ name: String, width: Int, height: Int, orientation: Int = 0, gps: Bool = false) throws -> String {
        let file = path(name)
        var error = [CChar](repeating: 0, count: 256)
        let status = cvips_write_sample(file, Int32(width), Int32(height), Int32(orientation), gps ? 1 : 0, &error, 256)
        try #require(
            status == 0, "\(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        return file
    }

    /// `source` written again by libvips as `name`, in the format its suffix names
    /// (`.heic` and `.avif` through libheif, `.png`, `.webp`, `.tif` ...).
    func converted(_ source: String, to name: String) throws -> String {
        let file = path(name)
        var error = [CChar](repeating: 0, count: 256)
        let status = cvips_save_copy(source, file, &error, 256)
        try #require(
            status == 0, "\(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        return file
    }

    /// A photo's two JPEGs, written to `card.jpg` and `thumb.jpg` so libvips can probe them.
    struct Saved {
        struct File {
            let path: String
            let width: Int
            let height: Int
            let bytes: Int
        }
        let card: File
        let thumbnail: File
        let originalBytes: Int
    }

    /// Writes `photo`'s JPEGs to files (the processor itself writes none).
    func save(_ photo: ProcessedPhoto) throws -> Saved {
        let card = path("card.jpg")
        let thumbnail = path("thumb.jpg")
        try Data(photo.card.jpeg).write(to: URL(fileURLWithPath: card))
        try Data(photo.thumbnail.jpeg).write(to: URL(fileURLWithPath: thumbnail))
        return Saved(
            card: .init(path: card, width: photo.card.width, height: photo.card.height, bytes: photo.card.bytes),
            thumbnail: .init(
                path: thumbnail, width: photo.thumbnail.width, height: photo.thumbnail.height,
                bytes: photo.thumbnail.bytes),
            originalBytes: photo.originalBytes)
    }

    struct Probe {
        let width: Int
        let height: Int
        let hasEXIF: Bool
        let hasGPS: Bool
        let orientation: Int
        let value: Double
    }

    /// What libvips reads of `file`, with the first band's value at (x, y).
    func probe(_ file: String, x: Int = 0, y: Int = 0) throws -> Probe {
        var width: Int32 = 0
        var height: Int32 = 0
        var exif: Int32 = 0
        var gps: Int32 = 0
        var orientation: Int32 = 0
        var value = 0.0
        var error = [CChar](repeating: 0, count: 256)
        let status = cvips_probe(
            file, &width, &height, &exif, &gps, &orientation, Int32(x), Int32(y), &value, &error, 256)
        try #require(status == 0)
        return Probe(
            width: Int(width), height: Int(height), hasEXIF: exif != 0, hasGPS: gps != 0,
            orientation: Int(orientation), value: value)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
