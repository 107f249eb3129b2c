import Core
import Time

/// Reports in `reports`, in portable SQL.
public struct SQLReportStore: ReportStore {
    private let database: any Database

    /// A store over `database` (migrated with Core's schema).
    public init(database: any Database) { self.database = database }

    private static let columns = "id, reporter_id, target_kind, target_id, reason, message, status, created_at"

    /// Stores a new report; a second of one thing is `reports.already_reported`, one past the
    /// day's limit `reports.too_many`.
    public func insert(_ report: Report) throws {
        do {
            try database.execute(
                "INSERT INTO reports (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(report.id), .text(report.reporterID), .text(report.targetKind), .text(report.targetID),
                    .text(report.reason), .text(report.message), .text(report.status), .instant(report.createdAt),
                ])
        } catch let error as StorageError where error.failure == .duplicate {
            throw ReportContent.alreadyReported
        } catch  where CoreSchema.reportQuota.isExceeded(error) {
            throw ReportContent.tooMany
        }
    }

    /// Whether the reporter reported the target.
    public func exists(reporterID: String, targetKind: String, targetID: String) throws -> Bool {
        try database.queryOne(
            "SELECT 1 FROM reports WHERE reporter_id = ? AND target_kind = ? AND target_id = ?",
            [.text(reporterID), .text(targetKind), .text(targetID)]
        ) { _ in true } ?? false
    }

    /// The reporter's reports, newest first.
    public func reports(by reporterID: String) throws -> [Report] {
        try database.query(
            "SELECT \(Self.columns) FROM reports WHERE reporter_id = ? ORDER BY created_at DESC, seq DESC",
            [.text(reporterID)], Self.report)
    }

    /// As `CoreSchema.reportQuota` counts them.
    public func madeToday(by reporterID: String, at now: Instant) throws -> Int {
        try CoreSchema.reportQuota.used(by: reporterID, at: now, in: database)
    }

    /// The moderator's queue, newest first.
    public func queue(status: String?) throws -> [ModeratedReport] {
        let (sql, arguments) = Self.queueQuery(status: status)
        return try database.query(sql, arguments, Self.moderated)
    }

    /// `queue`'s statement and its arguments: one statement for every report and one for a
    /// status, since an app-shell session plans each statement once for any parameters
    /// (`PostgresConnectSettings.planSettings`), and a plan for "a status, or none" cannot
    /// use `reports_by_status`.
    static func queueQuery(status: String?) -> (sql: String, arguments: [SQLValue]) {
        let order = "ORDER BY r.created_at DESC, r.seq DESC"
        guard let status else { return ("SELECT \(moderatedColumns) \(order)", []) }
        return ("SELECT \(moderatedColumns) WHERE r.status = ?1 \(order)", [.text(status)])
    }

    /// One report, as the moderator sees it.
    public func moderated(id: String) throws -> ModeratedReport? {
        try database.queryOne("SELECT \(Self.moderatedColumns) WHERE r.id = ?", [.text(id)], Self.moderated)
    }

    /// Marks a pending report and records the resolution, in one transaction.
    public func resolve(_ id: String, status: String, action: String, moderator: String, at now: Instant) throws -> Bool
    {
        try database.transaction {
            guard
                let seq = try database.queryOne(
                    "UPDATE reports SET status = ? WHERE id = ? AND status = 'pending' RETURNING seq",
                    [.text(status), .text(id)], { try $0.int(0) })
            else { return false }
            try database.execute(
                "INSERT INTO report_resolutions (report_seq, action, resolved_by, resolved_at) VALUES (?, ?, ?, ?)",
                [.int(seq), .text(action), .text(moderator), .instant(now)])
            return true
        }
    }

    private static let moderatedColumns = """
        r.id, r.reporter_id, r.target_kind, r.target_id, r.reason, r.message, r.status, r.created_at, u.name,
            x.action, x.resolved_by, x.resolved_at
        FROM reports r JOIN users u ON u.id = r.reporter_id LEFT JOIN report_resolutions x ON x.report_seq = r.seq
        """

    private static func moderated(_ row: Row) throws -> ModeratedReport {
        ModeratedReport(
            report: try report(row), reporterName: try row.string(8), action: row.optionalString(9),
            resolvedBy: row.optionalString(10), resolvedAt: try row.optionalInstant(11))
    }

    private static func report(_ row: Row) throws -> Report {
        try Report(
            id: try row.string(0), reporterID: try row.string(1), targetKind: try row.string(2),
            targetID: try row.string(3), reason: try row.string(4), message: row.optionalString(5),
            status: try row.string(6), createdAt: try row.instant(7))
    }
}
