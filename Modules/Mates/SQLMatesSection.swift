import Core
import Formats
import Storage

/// The `mates` section of the export document: the user names of one's mates and since
/// when. A mate link is made by two people with an invite code, so an import reports the
/// names and adds no link.
public struct SQLMatesSection: PortableSection {
    private let database: any Database

    /// The section over `database`.
    public init(database: any Database) { self.database = database }

    /// `mates`.
    public var name: String { "mates" }

    /// 1: the layout of mates' names since the export document began.
    public var version: Int { 1 }

    /// `{mates = {{name, since}}}`, oldest link first.
    public func export(for user: User) throws -> Record {
        let mates = try database.query(
            """
            SELECT u.name, m.since FROM mates m JOIN users u ON u.id = m.mate_id
            WHERE m.user_id = ? ORDER BY m.since, u.name
            """, [.text(user.id)]
        ) { row -> Value in
            .table(Record([("name", .string(try row.string(0))), ("since", .int(try row.int(1)))]))
        }
        return Record([("mates", .array(mates))])
    }

    /// Reports the mates the document names that are not mates here: each has to join
    /// again with an invite code.
    public func importSection(_ section: Record, version: Int, for user: User, report: inout ImportReport) throws {
        let document = PortableRecord(section, path: "sections.mates")
        for item in try document.records("mates") {
            let name = try item.string("name")
            let linked =
                try database.queryOne(
                    """
                    SELECT 1 FROM mates m JOIN users u ON u.id = m.mate_id WHERE m.user_id = ? AND u.name = ?
                    """, [.text(user.id), .text(name)]
                ) { _ in true } ?? false
            if linked {
                report.skip("mates")
            } else {
                report.cannotRepresent("mate \(name): a mate joins with an invite code (mates.invite, mates.join)")
            }
        }
    }
}
