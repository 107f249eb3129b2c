import Time

/// Reporting a person, a story or a comment: the report and a block of the author of what
/// was reported (as 문장모아 v2 does), in one transaction, at most `Report.maximumPerDay` a
/// day and once per thing.
public struct ReportContent: Sendable {
    let reports: any ReportStore
    let users: any UserRepository
    let targets: (any ReportTargets)?
    let blocking: BlockPeople
    let transactions: any TransactionRunner
    let clock: any Clock

    /// Reports through `reports`; `targets` (a feature's) finds who wrote a story or a
    /// comment; `blocking` blocks them.
    public init(
        reports: any ReportStore, users: any UserRepository, targets: (any ReportTargets)?, blocking: BlockPeople,
        transactions: any TransactionRunner, clock: any Clock
    ) {
        self.reports = reports
        self.users = users
        self.targets = targets
        self.blocking = blocking
        self.transactions = transactions
        self.clock = clock
    }

    /// A new report by `reporterID` of the `kind` (`user`, `story`, `comment`) named
    /// `reference` (a user's name or id, a story's or comment's id).
    /// - Throws: `invalid_argument` (an unknown kind or reason, a message too long, oneself),
    ///   `reports.not_found` (nothing the reporter may see), `reports.already_reported`,
    ///   `reports.too_many`.
    public func create(
        kind: String, reference: String, reason: String, message: String?, reporterID: String
    ) throws -> Report {
        let now = clock.now()
        let (targetID, authorID) = try target(kind, reference, viewerID: reporterID)
        guard authorID != reporterID else {
            throw AppError.invalidArgument("you cannot report yourself or what you wrote", field: kind)
        }
        let report = try Report(
            id: Identifier.random(), reporterID: reporterID, targetKind: kind, targetID: targetID, reason: reason,
            message: message, createdAt: now)
        try transactions.transaction {
            guard try !reports.exists(reporterID: reporterID, targetKind: kind, targetID: targetID) else {
                throw Self.alreadyReported
            }
            guard try reports.madeToday(by: reporterID, at: now) < Report.maximumPerDay else { throw Self.tooMany }
            try reports.insert(report)
            try blocking.record(authorID, userID: reporterID, at: now)
        }
        return report
    }

    /// The reports `reporterID` made, newest first.
    public func mine(reporterID: String) throws -> [Report] { try reports.reports(by: reporterID) }

    /// The reported thing's id and its author's id.
    private func target(_ kind: String, _ reference: String, viewerID: String) throws -> (String, String) {
        if kind == "user" {
            guard let user = try users.user(named: reference) ?? users.user(id: reference.lowercased()) else {
                throw Self.notFound(kind, reference)
            }
            return (user.id, user.id)
        }
        guard let targets, targets.kinds.contains(kind) else {
            throw AppError.invalidArgument(
                "a report names one of \(Report.kinds.joined(separator: ", ")), got '\(kind)'", field: "kind")
        }
        let id = reference.lowercased()
        guard let author = try targets.author(ofKind: kind, id: id, viewerID: viewerID) else {
            throw Self.notFound(kind, reference)
        }
        return (id, author)
    }

    private static func notFound(_ kind: String, _ reference: String) -> AppError {
        AppError(code: "reports.not_found", message: "no \(kind) '\(reference)' to report", field: kind)
    }

    /// A second report of one thing by one reporter.
    public static let alreadyReported = AppError(
        code: "reports.already_reported", message: "you have reported this already")

    /// A report past the day's limit (the store's, when the database refuses it).
    public static let tooMany = AppError(
        code: "reports.too_many",
        message: "at most \(Report.maximumPerDay) reports a day; report again tomorrow (UTC)")
}
