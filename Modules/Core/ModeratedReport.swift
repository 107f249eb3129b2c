import Time

/// A report as the moderator sees it (`admin.reports`): with who made it and, once
/// resolved, what was done, by whom and when.
public struct ModeratedReport: Sendable, Equatable {
    /// The report.
    public let report: Report
    /// The reporter's user name.
    public let reporterName: String
    /// `dismiss`, `hide` or `remove_member`, once resolved.
    public let action: String?
    /// Who resolved it.
    public let resolvedBy: String?
    /// When.
    public let resolvedAt: Instant?

    /// A report with its resolution, if any.
    public init(report: Report, reporterName: String, action: String?, resolvedBy: String?, resolvedAt: Instant?) {
        self.report = report
        self.reporterName = reporterName
        self.action = action
        self.resolvedBy = resolvedBy
        self.resolvedAt = resolvedAt
    }
}
