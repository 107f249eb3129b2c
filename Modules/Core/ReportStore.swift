import Time

/// Reports in storage: a reporter's own, and the count of a day for the daily limit.
/// Core declares it; Storage implements it over `reports`.
public protocol ReportStore: Sendable {
    /// Stores a new report.
    /// - Throws: `reports.already_reported` when the reporter reported the same thing.
    func insert(_ report: Report) throws
    /// Whether `reporterID` reported this target already.
    func exists(reporterID: String, targetKind: String, targetID: String) throws -> Bool
    /// The reports `reporterID` made, newest first.
    func reports(by reporterID: String) throws -> [Report]
    /// How many reports `reporterID` made today, as the daily limit counts them.
    func madeToday(by reporterID: String, at now: Instant) throws -> Int
    /// Every report in `status` (all when nil), newest first, with its reporter's name and
    /// its resolution: the moderator's queue.
    func queue(status: String?) throws -> [ModeratedReport]
    /// The report with this id, as the moderator sees it.
    func moderated(id: String) throws -> ModeratedReport?
    /// Records a moderator's resolution of a pending report and gives it `status`.
    /// - Returns: false when the report is not pending (any more).
    func resolve(
        _ id: String, status: String, action: String, moderator: String, at now: Instant
    ) throws -> Bool
}
