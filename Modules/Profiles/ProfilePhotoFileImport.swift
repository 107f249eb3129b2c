import Core
import FoundationEssentials
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the photo files an earlier AppShell wrote beside the database into the profile
/// rows, then removes them: run right after the migrations (schema version 2 of `profiles`
/// lists the files in `profile_photo_files`). Once nothing waits, a start costs one read
/// of an empty table.
///
/// A photo whose card or thumbnail is missing, unreadable, over 50 MB or not a JPEG is
/// dropped from the profile (its files are left where they are); nothing here stops the
/// app from starting.
public struct ProfilePhotoFileImport: Sendable {
    /// The largest photo file read in, as for a new photo.
    public static let maximumBytes = 50 * 1024 * 1024

    private let database: any Database

    /// An import into `database`, migrated with the Profiles plugin's migrations.
    public init(database: any Database) { self.database = database }

    /// Imports every waiting photo in one transaction, then removes the files read in.
    /// - Returns: how many photos were stored in the database.
    @discardableResult
    public func run() throws -> Int {
        let select = "SELECT user_id, card_path, thumbnail_path FROM profile_photo_files"
        guard try database.queryOne(select, [], { _ in true }) == true else { return 0 }
        var imported: [String] = []
        var stored = 0
        try database.transaction {
            // Read again inside the transaction: another process starting on the same file
            // may have imported them meanwhile.
            var waiting: [(userID: String, card: String?, thumbnail: String?)] = []
            try database.forEach(select) { row in
                waiting.append((try row.string(0), row.optionalString(1), row.optionalString(2)))
            }
            let repository = SQLProfileRepository(database: database)
            for photo in waiting {
                if let card = photo.card.flatMap(Self.read), let thumbnail = photo.thumbnail.flatMap(Self.read),
                    let profile = try repository.profile(of: photo.userID)
                {
                    // Keeps updated_at: moving a file is not a change of the profile.
                    _ = try repository.setPhoto(
                        of: photo.userID, card: card, thumbnail: thumbnail, at: profile.updatedAt)
                    stored += 1
                    imported += [photo.card, photo.thumbnail].compactMap { $0 }
                }
                try database.execute("DELETE FROM profile_photo_files WHERE user_id = ?", [.text(photo.userID)])
            }
        }
        var folders: Set<String> = []
        for path in imported {
            try? FileManager.default.removeItem(atPath: path)
            if let slash = path.lastIndex(of: "/") { folders.insert(String(path[..<slash])) }
        }
        // The photos/ folder goes too once empty (removeItem would take a non-empty one with it).
        for folder in folders where (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try? FileManager.default.removeItem(atPath: folder)
        }
        return stored
    }

    private static func read(_ path: String) -> ProcessedPhoto.Image? {
        // stat, not FileManager's attributes: their number types differ with and without Foundation.
        var information = stat()
        guard !path.utf8.contains(0), stat(path, &information) == 0, (information.st_mode & S_IFMT) == S_IFREG,
            Int(information.st_size) <= maximumBytes, let data = FileManager.default.contents(atPath: path)
        else { return nil }
        let bytes = [UInt8](data)
        guard let (width, height) = JPEGHeader.size(of: bytes) else { return nil }
        return ProcessedPhoto.Image(width: width, height: height, jpeg: bytes)
    }
}
