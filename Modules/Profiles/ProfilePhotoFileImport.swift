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
/// The first release recorded absolute paths, which a moved folder, a backup restored
/// elsewhere or another `HOME` leave pointing nowhere: each file is looked for where its
/// path says and, failing that, under the same name in `photos/` beside the database. A
/// photo whose card or thumbnail cannot be read (missing, unreadable, over 50 MB or not a
/// JPEG) keeps its paths in `profile_photo_files`, to be tried again at the next start, and
/// its files are left where they are. Every photo gets one line through `report`: moved, or
/// where its files were looked for. Nothing here stops the app from starting.
public struct ProfilePhotoFileImport: Sendable {
    /// The largest photo file read in, as for a new photo.
    public static let maximumBytes = 50 * 1024 * 1024

    private let database: any Database
    private let photosBeside: String?
    private let report: @Sendable (String) -> Void

    /// An import into `database`, migrated with the Profiles plugin's migrations.
    /// - Parameters:
    ///   - database: the database; a SQLite file's folder is where `photos/` is looked for.
    ///   - report: takes one line per photo waiting (app-shell writes them to standard error).
    public init(database: any Database, report: @escaping @Sendable (String) -> Void = { _ in }) {
        self.database = database
        self.report = report
        if let path = (database as? SQLiteDatabase)?.path, path != ":memory:", !path.isEmpty {
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            photosBeside = (folder.isEmpty ? "" : folder) + "/photos"
        } else {
            photosBeside = nil
        }
    }

    /// Imports every waiting photo it can read in one transaction, then removes the files
    /// read in, and reports each photo.
    /// - Returns: how many photos were stored in the database.
    @discardableResult
    public func run() throws -> Int {
        let select = """
            SELECT f.user_id, f.card_path, f.thumbnail_path, u.name
            FROM profile_photo_files f LEFT JOIN users u ON u.id = f.user_id ORDER BY f.user_id
            """
        guard try database.queryOne("SELECT 1 FROM profile_photo_files LIMIT 1", [], { _ in true }) == true
        else { return 0 }
        var imported: [String] = []
        var lines: [String] = []
        var stored = 0
        try database.transaction {
            imported = []
            lines = []
            stored = 0
            // Read again inside the transaction: another process starting on the same file
            // may have imported them meanwhile.
            var waiting: [(userID: String, card: String?, thumbnail: String?, name: String?)] = []
            try database.forEach(select) { row in
                waiting.append((try row.string(0), row.optionalString(1), row.optionalString(2), row.optionalString(3)))
            }
            let repository = SQLProfileRepository(database: database)
            for photo in waiting {
                let who = "profiles: the photo of \(photo.name.map { "user '\($0)'" } ?? "user id \(photo.userID)")"
                let card = locate(photo.card)
                let thumbnail = locate(photo.thumbnail)
                guard case .found(let cardPath, let cardImage) = card,
                    case .found(let thumbnailPath, let thumbnailImage) = thumbnail
                else {
                    // The paths stay: the files may come back (a folder not yet restored).
                    let missing = [("card", card), ("thumbnail", thumbnail)].compactMap { kind, lookup in
                        lookup.missing.map { "its \(kind) \($0)" }
                    }
                    lines.append(
                        "\(who) could not be read: " + missing.joined(separator: "; ")
                            + "; its paths are kept in profile_photo_files and tried again at the next start")
                    continue
                }
                try database.delete(from: "profile_photo_files", where: [.equal("user_id", .text(photo.userID))])
                guard let profile = try repository.profile(of: photo.userID) else {
                    lines.append("\(who) belongs to no profile: its files stay at \(cardPath) and \(thumbnailPath)")
                    continue
                }
                guard profile.photo == nil else {
                    lines.append(
                        "\(who) was replaced by one set since: its earlier files stay at \(cardPath) and "
                            + thumbnailPath)
                    continue
                }
                // Keeps updated_at: moving a file is not a change of the profile.
                _ = try repository.setPhoto(
                    of: photo.userID, card: cardImage, thumbnail: thumbnailImage, at: profile.updatedAt)
                stored += 1
                imported += [cardPath, thumbnailPath]
                lines.append("\(who) moved into the database from \(cardPath) and \(thumbnailPath)")
            }
        }
        for line in lines { report(line) }
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

    /// Where a photo file was found, or every place it was looked for.
    private enum Lookup {
        case found(path: String, image: ProcessedPhoto.Image)
        case notFound(places: [String])

        /// What was missing, for the report; nil when found.
        var missing: String? {
            guard case .notFound(let places) = self else { return nil }
            return places.isEmpty ? "has no path" : "is not a readable JPEG at " + places.joined(separator: " nor at ")
        }
    }

    /// The stored path, then the same file name in `photos/` beside the database.
    private func locate(_ stored: String?) -> Lookup {
        guard let stored, !stored.isEmpty else { return .notFound(places: []) }
        var places = [stored]
        if let photosBeside, let name = stored.split(separator: "/").last {
            let beside = "\(photosBeside)/\(name)"
            if beside != stored { places.append(beside) }
        }
        for place in places {
            if let image = Self.read(place) { return .found(path: place, image: image) }
        }
        return .notFound(places: places)
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
