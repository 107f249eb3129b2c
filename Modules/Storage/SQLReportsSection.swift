import Core
import Formats

/// The `reports` section of the export document: the reports the user made, as they made
/// them; taken in again as `pending`, since the moderator who reviewed them is not the next
/// server's.
public struct SQLReportsSection: PortableSection {
    private let database: any Database

    /// The section over `database`.
    public init(database: any Database) { self.database = database }

    /// `reports`.
    public var name: String { "reports" }

    /// 1: the reports.
    public var version: Int { 1 }

    /// `{reports = {{id =, target_kind =, target_id =, reason =, message =?, created_at =}, ...}}`.
    public func export(for user: User) throws -> Record {
        let reports = try SQLReportStore(database: database).reports(by: user.id).reversed().map { report in
            var record = Record([
                ("id", .string(report.id)), ("target_kind", .string(report.targetKind)),
                ("target_id", .string(report.targetID)), ("reason", .string(report.reason)),
            ])
            if let message = report.message { record["message"] = .string(message) }
            record["created_at"] = .int(report.createdAt.millisecondsSince1970)
            return Value.table(record)
        }
        return Record([("reports", .array(reports))])
    }

    /// Adds the reports not there yet, pending; one of a thing already reported is skipped.
    public func importSection(_ section: Record, version: Int, for user: User, report: inout ImportReport) throws {
        let document = PortableRecord(section, path: "sections.reports")
        let store = SQLReportStore(database: database)
        for item in try document.records("reports") {
            let kind = try item.string("target_kind")
            guard Report.kinds.contains(kind) else {
                throw AppError.invalidArgument(
                    "\(item.path).target_kind is user, story or comment", field: "\(item.path).target_kind")
            }
            let made = try item.checked {
                try Report(
                    id: try item.string("id"), reporterID: user.id, targetKind: kind,
                    targetID: try item.string("target_id"), reason: try item.string("reason"),
                    message: try item.optionalString("message"), createdAt: try item.instant("created_at"))
            }
            if try store.exists(reporterID: user.id, targetKind: kind, targetID: made.targetID) {
                report.skip("reports")
                continue
            }
            do {
                try store.insert(made)
                report.add("reports")
            } catch let error as AppError where error.code == ReportContent.tooMany.code {
                report.cannotRepresent("report \(made.id): past the day's \(Report.maximumPerDay) reports; left out")
            } catch let error as AppError where error.code == ReportContent.alreadyReported.code {
                report.cannotRepresent("report \(made.id): its id belongs to another report; it is left out")
            }
        }
    }
}
