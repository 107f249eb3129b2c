import AppTestSupport
import Core
import Foundation
import Imaging
import Profiles
import Storage
import Synchronization
import Testing
import Time

/// A database of the previous release (profiles schema 1, photos as files in `photos/`
/// beside it) is migrated: the files are read into the rows, then removed with their folder;
/// a photo whose files are gone is dropped, and every row is kept.
@Suite struct ProfilePhotoFileImportTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: "\(folder)/photos", withIntermediateDirectories: true)
    }

    func migrate(_ database: Database, profilesUpTo version: Int) throws {
        try Migrator(database: database).migrate([
            CoreSchema.migratorModule,
            Migrator.Module(name: "profiles", migrations: Array(ProfilesPlugin().migrations.prefix(version))),
        ])
    }

    func insertOldProfile(_ database: Database, user: String, card: String?, thumbnail: String?) throws {
        try SQLUserRepository(database: database).insert(
            User(id: Identifier.random(), name: user, createdAt: Instant(millisecondsSince1970: 1_000)))
        let id = try #require(
            try database.queryOne("SELECT id FROM users WHERE name = ?", [.text(user)]) { try $0.string(0) })
        try database.execute(
            """
            INSERT INTO profiles (user_id, nickname, nickname_folded, dog_name, dog_age, dog_sex, dog_neutered,
                dog_size, dog_keywords, card_path, thumbnail_path, created_at, updated_at)
            VALUES (?, ?, ?, '보리', 3, 'female', 0, 'small', 'friendly', ?, ?, 1000, 2000)
            """, [.text(id), .text(user + "맘"), .text(user + "맘"), .text(card), .text(thumbnail)])
    }

    @Test func photoFilesMoveIntoTheDatabaseAndAreRemoved() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = "\(folder)/source.png"
        try TestImages.writePNG(to: png, width: 40, height: 30)
        let made = try VipsPhotoProcessor().makePhoto(from: png, cardSize: (392, 591), thumbnailSize: (100, 100))
        let card = "\(folder)/photos/ab-card.jpg"
        let thumbnail = "\(folder)/photos/ab-thumbnail.jpg"
        try Data(made.card.jpeg).write(to: URL(fileURLWithPath: card))
        try Data(made.thumbnail.jpeg).write(to: URL(fileURLWithPath: thumbnail))
        try FileManager.default.removeItem(atPath: png)

        let database = try SQLiteDatabase(path: "\(folder)/app.db")
        try migrate(database, profilesUpTo: 1)
        try insertOldProfile(database, user: "me", card: card, thumbnail: thumbnail)
        try insertOldProfile(
            database, user: "mina", card: "\(folder)/photos/gone-card.jpg",
            thumbnail: "\(folder)/photos/gone-thumbnail.jpg")
        try insertOldProfile(database, user: "joon", card: nil, thumbnail: nil)

        try migrate(database, profilesUpTo: 2)
        #expect(try ProfilePhotoFileImport(database: database).run() == 1)

        let repository = SQLProfileRepository(database: database)
        let users = SQLUserRepository(database: database)
        let me = try #require(try users.user(named: "me"))
        let photo = try #require(try repository.profile(of: me.id)?.photo)
        #expect(photo.card == StoredImage(made.card))
        #expect(photo.thumbnail == StoredImage(made.thumbnail))
        #expect(try repository.photoJPEG(of: me.id, size: .card) == made.card.jpeg)
        #expect(try repository.photoJPEG(of: me.id, size: .thumbnail) == made.thumbnail.jpeg)
        #expect(try repository.profile(of: me.id)?.updatedAt == Instant(millisecondsSince1970: 2000))
        let mina = try #require(try users.user(named: "mina"))
        #expect(try repository.profile(of: mina.id)?.photo == nil)
        #expect(try database.queryOne("SELECT COUNT(*) FROM profiles") { try $0.int(0) } == 3)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/photos"))
        // Mina's files were never found: her paths wait for the next start, which finds nothing new.
        #expect(
            try database.query("SELECT card_path FROM profile_photo_files", [], { try $0.string(0) }) == [
                "\(folder)/photos/gone-card.jpg"
            ])
        #expect(try ProfilePhotoFileImport(database: database).run() == 0)
    }

    @Test func theJPEGHeaderGivesTheSize() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = "\(folder)/source.png"
        try TestImages.writePNG(to: png, width: 40, height: 30)
        let made = try VipsPhotoProcessor().makePhoto(from: png, cardSize: (392, 591), thumbnailSize: (100, 100))
        let card = "\(folder)/photos/c.jpg"
        let thumbnail = "\(folder)/photos/t.jpg"
        try Data(made.card.jpeg).write(to: URL(fileURLWithPath: card))
        try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: thumbnail))
        let database = try SQLiteDatabase(path: ":memory:")
        try migrate(database, profilesUpTo: 1)
        try insertOldProfile(database, user: "me", card: card, thumbnail: thumbnail)
        try migrate(database, profilesUpTo: 2)
        // A thumbnail that is not a JPEG: the photo is dropped, the files stay.
        #expect(try ProfilePhotoFileImport(database: database).run() == 0)
        #expect(FileManager.default.fileExists(atPath: card))
        // Its paths stay, to be tried again at the next start.
        #expect(try database.queryOne("SELECT COUNT(*) FROM profile_photo_files") { try $0.int(0) } == 1)
    }
}

/// A database file made by the previous release's `app-shell` (two users with profiles and
/// photos, a habit with a completion; `Tests/Scripts/support/photodb-main`): its photo files
/// move into the rows and every other row stays.
@Suite struct PreviousReleaseDatabaseTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Scripts/support/photodb-main").standardized.path

    @Test func itsPhotosMoveIntoTheDatabaseAndEveryRowStays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("previous-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: folder)
        let database = try SQLiteDatabase(path: "\(folder)/app.db")
        // The release stored absolute paths; the copy's files are here now.
        try database.execute(
            """
            UPDATE profiles SET card_path = ? || substr(card_path, instr(card_path, '/photos/')),
                thumbnail_path = ? || substr(thumbnail_path, instr(thumbnail_path, '/photos/'))
            """, [.text(folder), .text(folder)])
        let tables = try database.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ) { try $0.string(0) }
        func counts() throws -> [Int] {
            try tables.map { table in
                try #require(try database.queryOne("SELECT COUNT(*) FROM \(table)") { try $0.int(0) })
            }
        }
        let before = try counts()
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/photos").sorted()
        let jpegs = try files.map { try Data(contentsOf: URL(fileURLWithPath: "\(folder)/photos/\($0)")) }
        #expect(files.count == 4)

        try Migrator(database: database).migrate([
            CoreSchema.migratorModule, Migrator.Module(name: "profiles", migrations: ProfilesPlugin().migrations),
        ])
        #expect(try ProfilePhotoFileImport(database: database).run() == 2)

        #expect(try counts() == before)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/photos"))
        let repository = SQLProfileRepository(database: database)
        let stored = Set(
            try database.query("SELECT user_id FROM profiles") { try $0.string(0) }.flatMap { user in
                [
                    try #require(try repository.photoJPEG(of: user, size: .card)),
                    try #require(try repository.photoJPEG(of: user, size: .thumbnail)),
                ]
            })
        #expect(stored == Set(jpegs.map { [UInt8]($0) }))
        for user in try database.query("SELECT user_id FROM profiles", [], { try $0.string(0) }) {
            let photo = try #require(try repository.profile(of: user)?.photo)
            #expect((photo.card.width, photo.card.height) == (392, 591))
            #expect((photo.thumbnail.width, photo.thumbnail.height) == (100, 100))
        }
    }
}

/// The first release's database opened from another folder than the one it was made in (a
/// moved folder, a backup restored elsewhere, another `HOME`): its absolute paths point
/// nowhere, and the photos are found in `photos/` beside the database; a photo found nowhere
/// keeps its paths, and every photo gets a line of the report.
@Suite struct FirstReleaseDatabaseMovedTests {
    /// Where `Tests/Scripts/support/photodb-main` was made (the paths its rows hold).
    static let madeIn = "/tmp/pdfix"

    /// The report's lines, gathered from the import's closure.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Makes the first release's database in `made`, then moves that folder to `moved`.
    func makeAndMove(made: String, moved: String) throws {
        try FileManager.default.copyItem(atPath: PreviousReleaseDatabaseTests.fixture, toPath: made)
        let database = try SQLiteDatabase(path: "\(made)/app.db")
        try database.execute(
            "UPDATE profiles SET card_path = replace(card_path, ?, ?), thumbnail_path = replace(thumbnail_path, ?, ?)",
            [.text(Self.madeIn), .text(made), .text(Self.madeIn), .text(made)])
        database.close()
        try FileManager.default.moveItem(atPath: made, toPath: moved)
    }

    func migrate(_ database: Database) throws {
        try Migrator(database: database).migrate([
            CoreSchema.migratorModule, Migrator.Module(name: "profiles", migrations: ProfilesPlugin().migrations),
        ])
    }

    @Test func photosAreFoundBesideTheDatabaseWhenTheFolderMoved() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("moved-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try makeAndMove(made: "\(root)/home-before", moved: "\(root)/restored")
        let database = try SQLiteDatabase(path: "\(root)/restored/app.db")
        try migrate(database)
        let report = Lines()

        #expect(try ProfilePhotoFileImport(database: database, report: report.append).run() == 2)

        let repository = SQLProfileRepository(database: database)
        for user in try database.query("SELECT user_id FROM profiles", [], { try $0.string(0) }) {
            let photo = try #require(try repository.profile(of: user)?.photo)
            #expect((photo.card.width, photo.thumbnail.width) == (392, 100))
        }
        #expect(try database.queryOne("SELECT COUNT(*) FROM profile_photo_files") { try $0.int(0) } == 0)
        #expect(!FileManager.default.fileExists(atPath: "\(root)/restored/photos"))
        #expect(report.all.count == 2)
        #expect(report.all.allSatisfy { $0.contains("moved into the database from \(root)/restored/photos/") })
    }

    @Test func aPhotoFoundNowhereKeepsItsPathsUntilItsFilesComeBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("moved-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try makeAndMove(made: "\(root)/before", moved: "\(root)/after")
        // The photos/ folder was not restored with the database.
        try FileManager.default.moveItem(atPath: "\(root)/after/photos", toPath: "\(root)/kept-aside")
        let database = try SQLiteDatabase(path: "\(root)/after/app.db")
        try migrate(database)
        let report = Lines()

        #expect(try ProfilePhotoFileImport(database: database, report: report.append).run() == 0)

        #expect(try database.queryOne("SELECT COUNT(*) FROM profile_photo_files") { try $0.int(0) } == 2)
        #expect(report.all.count == 2)
        #expect(
            report.all.allSatisfy {
                $0.contains("could not be read") && $0.contains("\(root)/before/photos/")
                    && $0.contains("nor at \(root)/after/photos/")
            })

        // Once the folder is back, the next start moves them in.
        try FileManager.default.moveItem(atPath: "\(root)/kept-aside", toPath: "\(root)/after/photos")
        #expect(try ProfilePhotoFileImport(database: database).run() == 2)
        #expect(try database.queryOne("SELECT COUNT(*) FROM profile_photo_files") { try $0.int(0) } == 0)
    }
}
