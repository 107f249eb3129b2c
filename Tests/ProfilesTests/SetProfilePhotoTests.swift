import Core
import Foundation
import Imaging
import Profiles
import Testing

/// `profiles.set_photo`'s path: a NUL in it is refused (C would cut the name there), and the
/// photo folder is absolute, so stored paths do not depend on the working folder.
@Suite struct SetProfilePhotoTests {
    let fixture: ProfileFixture
    let folder: String

    init() throws {
        fixture = try ProfileFixture()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        fixture.container.register((any PhotoProcessing).self, instance: VipsPhotoProcessor())
        fixture.container.register(PhotoFolder.self, instance: PhotoFolder(path: folder))
        try fixture.save()
    }

    @Test(arguments: ["photo.jpg\u{0}.txt", "\u{0}", "보리\u{0}"])
    func aPathWithANULIsAnInvalidArgument(path: String) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = try fixture.error("profiles.set_photo", ["path": .string(path)])
        #expect(error.code == "invalid_argument")
        #expect(error.field == "path")
        #expect(try fixture.stored()?.photo == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aRelativeFolderIsMadeAbsoluteFromTheWorkingFolder() {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let working = FileManager.default.currentDirectoryPath
        #expect(PhotoFolder(path: "photos").path == "\(working)/photos")
        #expect(PhotoFolder(path: "./data/photos").path == "\(working)/data/photos")
        #expect(PhotoFolder(path: "/srv//a/./photos/").path == "/srv/a/photos")
        #expect(PhotoFolder(path: "/srv/photos").path == "/srv/photos")
    }
}
