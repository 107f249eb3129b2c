import Core
import Formats
import Storage
import Time

/// GPX files for `app.import` and `--import`: each track a walk with its route
/// (`ImportWalks`), in the import's transaction.
public struct GPXWalksFormat: ForeignFormat {
    private let database: any Database

    /// The format over `database`.
    public init(database: any Database) { self.database = database }

    /// `gpx`.
    public var name: String { "gpx" }

    /// "a GPX file of tracks".
    public var expected: String { "a GPX file of tracks" }

    /// A `<gpx` element near the start.
    public func recognises(_ bytes: [UInt8]) -> Bool { GPXFile.looksLikeGPX(bytes) }

    /// Adds a walk for each track; the report counts walks, points and tracks already
    /// there, and says what was left out.
    /// - Throws: `walks.bad_gpx` (field `path`) for a file that is not GPX or holds no track.
    public func importFile(_ bytes: [UInt8], for user: User, clock: any Clock, report: inout ImportReport) throws {
        let imported = try ImportWalks(store: SQLWalkStore(database: database), clock: clock)(
            try Self.read(bytes), userID: user.id)
        report.add("walk_logs", imported.logs.count)
        if imported.points > 0 { report.add("walk_route_points", imported.points) }
        if imported.alreadyThere > 0 { report.skip("walk_logs", imported.alreadyThere) }
        for line in imported.skipped { report.cannotRepresent(line) }
    }

    /// The GPX file in `bytes`, with at least one track.
    /// - Throws: `walks.bad_gpx` (field `path`).
    static func read(_ bytes: [UInt8]) throws -> GPXFile {
        let file: GPXFile
        do {
            file = try GPXFile(bytes: bytes)
        } catch let error as AppError where error.code == "gpx.bad" {
            throw AppError(code: "walks.bad_gpx", message: error.message, field: "path")
        }
        guard !file.tracks.isEmpty else {
            let skipped = file.skipped.isEmpty ? "" : " (" + file.skipped.joined(separator: "; ") + ")"
            throw AppError(
                code: "walks.bad_gpx", message: "the GPX file holds no track with points\(skipped)", field: "path")
        }
        return file
    }
}
