import Core
import Formats
import Storage

/// The `walks` section of the export document: the user's walk logs, oldest first. Walk
/// requests are between two people and stay out of one person's export.
public struct SQLWalksSection: PortableSection {
    private let database: any Database

    /// The section over `database`.
    public init(database: any Database) { self.database = database }

    /// `walks`.
    public var name: String { "walks" }

    /// 1: the layout of requests and logs since the export document began.
    public var version: Int { 1 }

    /// `{logs = {{id, steps, distance, started_at, ended_at}}}`.
    public func export(for user: User) throws -> Record {
        let logs = try database.query(
            "SELECT id, steps, distance, started_at, ended_at FROM walk_logs WHERE user_id = ? ORDER BY started_at, seq",
            [.text(user.id)]
        ) { row -> Value in
            .table(
                Record([
                    ("id", .string(try row.string(0))), ("steps", .int(try row.int(1))),
                    ("distance", .double(try row.double(2))), ("started_at", .int(try row.int(3))),
                    ("ended_at", .int(try row.int(4))),
                ]))
        }
        return Record([("logs", .array(logs))])
    }

    /// Adds the logs whose ids are not there yet, checked as `walks.log` checks them.
    public func importSection(_ section: Record, version: Int, for user: User, report: inout ImportReport) throws {
        let document = PortableRecord(section, path: "sections.walks")
        for item in try document.records("logs") {
            var id = try item.string("id")
            let steps = try item.int("steps")
            let distance = try item.double("distance")
            // Checked as instants first (years 1 to 9999), so the difference cannot overflow.
            let started = try item.instant("started_at").millisecondsSince1970
            let ended = try item.instant("ended_at").millisecondsSince1970
            guard (0...100_000).contains(steps), distance >= 0, distance <= 100_000, started <= ended,
                ended - started <= 86_400_000
            else {
                throw AppError.invalidArgument(
                    "\(item.path) is not a walk: at most 100,000 steps and metres, ending after it starts, within 24 hours",
                    field: item.path)
            }
            let owner = try database.queryOne("SELECT user_id FROM walk_logs WHERE id = ?", [.text(id)]) {
                try $0.string(0)
            }
            if owner == user.id {
                report.skip("walk_logs")
                continue
            }
            if owner != nil {
                id = Identifier.random()
                report.cannotRepresent("walk log \(item.path): its id belongs to another user; imported as \(id)")
            }
            try database.execute(
                """
                INSERT INTO walk_logs (id, user_id, steps, distance, started_at, ended_at, seq)
                VALUES (?, ?, ?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM walk_logs))
                """,
                [.text(id), .text(user.id), .int(steps), .double(distance), .int(started), .int(ended)])
            report.add("walk_logs")
        }
    }
}
