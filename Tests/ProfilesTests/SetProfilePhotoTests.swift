import AppTestSupport
import Core
import Formats
import Foundation
import Imaging
import Profiles
import Testing

/// `profiles.set_photo` stores both JPEGs in the profile row (no file is written), replaces
/// an earlier photo in the same statement, and `profiles.photo` reads them back: every user
/// may read every user's card and thumbnail.
@Suite struct SetProfilePhotoTests {
    let fixture: ProfileFixture
    let folder: String

    init() throws {
        fixture = try ProfileFixture()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        fixture.container.register((any PhotoProcessing).self, instance: VipsPhotoProcessor())
        try fixture.save()
    }

    func image(_ name: String, width: Int = 40, height: Int = 30) throws -> String {
        let path = "\(folder)/\(name)"
        try TestImages.writePNG(to: path, width: width, height: height)
        return path
    }

    @Test(arguments: ["photo.jpg\u{0}.txt", "\u{0}", "보리\u{0}"])
    func aPathWithANULIsAnInvalidArgument(path: String) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = try fixture.error("profiles.set_photo", ["path": .string(path)])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "path")
        #expect(try fixture.stored()?.photo == nil)
    }

    @Test func bothJPEGsAreStoredInTheRowWithTheirSizesAndHashesAndNoFileIsWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = try image("보리 🐕.png")
        try fixture.setNow("2026-01-07T09:00:00Z")
        let result = try fixture.call("profiles.set_photo", ["path": .string(source)])
        let stored = try #require(try fixture.stored()?.photo)
        let card = try #require(try fixture.repository.photoJPEG(of: fixture.user.id, size: .card))
        let thumbnail = try #require(try fixture.repository.photoJPEG(of: fixture.user.id, size: .thumbnail))
        #expect(Array(card.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(Array(thumbnail.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(stored.card == StoredImage(width: 392, height: 591, bytes: card.count, sha256: SHA256.hex(card)))
        #expect(
            stored.thumbnail
                == StoredImage(width: 100, height: 100, bytes: thumbnail.count, sha256: SHA256.hex(thumbnail)))
        #expect(result["card"] == stored.card.value)
        #expect(result["thumbnail"] == stored.thumbnail.value)
        #expect(try fixture.stored()?.updatedAt == (try TestTime.instant("2026-01-07T09:00:00Z")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["보리 🐕.png"])
    }

    @Test func aNewPhotoReplacesTheOldAndABadOneLeavesItInPlace() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try fixture.call("profiles.set_photo", ["path": .string(try image("a.png", width: 40, height: 30))])
        let first = try #require(try fixture.stored()?.photo)
        try fixture.call("profiles.set_photo", ["path": .string(try image("b.png", width: 12, height: 50))])
        let second = try #require(try fixture.stored()?.photo)
        #expect(first.card.sha256 != second.card.sha256)
        let card = try #require(try fixture.repository.photoJPEG(of: fixture.user.id, size: .card))
        #expect(SHA256.hex(card) == second.card.sha256)

        let text = "\(folder)/not.jpg"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: text))
        let before = try fixture.snapshot()
        let error = try fixture.error("profiles.set_photo", ["path": .string(text)])
        #expect(error.code == "profiles.bad_image")
        #expect(try fixture.snapshot() == before)
    }

    @Test func everyUserReadsEveryUsersCardAndThumbnail() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try fixture.call("profiles.set_photo", ["path": .string(try image("a.png"))])
        let photo = try #require(try fixture.stored()?.photo)
        let mina = try fixture.addUser(named: "mina")
        for size in ["card", "thumbnail"] {
            let value = try fixture.call("profiles.photo", ["user": "me", "size": .string(size)], as: mina)
            let bytes = try #require(value.bytesValue)
            #expect(SHA256.hex(bytes) == (size == "card" ? photo.card.sha256 : photo.thumbnail.sha256))
            #expect(try fixture.call("profiles.photo", ["size": .string(size)]) == value)
        }
        #expect(
            try fixture.call("profiles.photo", ["user": .string(fixture.user.id), "size": "card"]).bytesValue != nil)
    }

    @Test func withoutAPhotoItIsNilAndWithoutAProfileNotFound() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try fixture.call("profiles.photo", ["size": "thumbnail"]) == .null)
        let mina = try fixture.addUser(named: "mina")
        #expect(try fixture.error("profiles.photo", ["user": "mina", "size": "card"]).code == "profiles.not_found")
        #expect(try fixture.error("profiles.photo", ["size": "card"], as: mina).code == "profiles.not_found")
        #expect(try fixture.error("profiles.photo", ["user": "nobody", "size": "card"]).code == "profiles.not_found")
        let bad = try fixture.error("profiles.photo", ["size": "large"])
        #expect(bad.code == "invalid_argument")
        #expect(bad.field == "size")
        #expect(try fixture.error("profiles.photo").field == "size")
    }
}

/// A signposter that is registered but cannot be made is an error of the route, never a
/// photo set without it (the lookup does not swallow the failure).
@Suite struct SetProfilePhotoSignposterTests {
    @Test func aFailingSignposterRegistrationFailsTheRouteAndWritesNothing() throws {
        let fixture = try ProfileFixture()
        fixture.container.register((any PhotoProcessing).self, instance: VipsPhotoProcessor())
        fixture.container.register(Signposter.self) { _ in throw AppError.internal("the trace file is gone") }
        try fixture.save()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/보리.png"
        try TestImages.writePNG(to: path, width: 40, height: 30)
        let error = try fixture.error("profiles.set_photo", ["path": .string(path)])
        #expect(error.code == "internal")
        #expect(error.message == "the trace file is gone")
        #expect(try fixture.stored()?.photo == nil)
    }
}
