import Core
import Formats

/// The `people` section of the export document: the people the user blocked, by name, and
/// since when (milliseconds).
public struct SQLPeopleSection: PortableSection {
    private let database: any Database

    /// The section over `database`.
    public init(database: any Database) { self.database = database }

    /// `people`.
    public var name: String { "people" }

    /// 1: the blocks.
    public var version: Int { 1 }

    /// `{blocked = {{name =, since =}, ...}}`.
    public func export(for user: User) throws -> Record {
        let blocked = try SQLBlockList(database: database).blocked(by: user.id).reversed().map { person in
            Value.table(
                Record([("name", .string(person.user.name)), ("since", .int(person.since.millisecondsSince1970))]))
        }
        return Record([("blocked", .array(blocked))])
    }

    /// Blocks again each person named who is a user here; a name no one has here is
    /// reported. A block taken in does not end a mate link here (`people.block` does).
    public func importSection(_ section: Record, version: Int, for user: User, report: inout ImportReport) throws {
        let document = PortableRecord(section, path: "sections.people")
        let blocks = SQLBlockList(database: database)
        let users = SQLUserRepository(database: database)
        for item in try document.records("blocked") {
            let name = try item.string("name")
            guard let other = try users.user(named: name), other.id != user.id else {
                report.cannotRepresent("block of \(name): no such person here")
                continue
            }
            if try blocks.block(other.id, by: user.id, at: try item.instant("since")) {
                report.add("blocks")
            } else {
                report.skip("blocks")
            }
        }
    }
}
