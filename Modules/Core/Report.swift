import Time

/// A report of a person, a story or a comment (문장모아 v2, SniffMeet): who reported what,
/// why, and where the moderator's review of it stands. Reporting also blocks the author of
/// what was reported; a reporter reports one thing once.
public struct Report: Sendable, Equatable {
    /// What may be reported.
    public static let kinds = ["user", "story", "comment"]
    /// The reasons a report gives.
    public static let reasons = ["spam", "harassment", "inappropriate", "other"]
    /// Where a report stands: `pending` until a moderator looks at it, then `reviewed`
    /// (dismissed) or `resolved` (acted on).
    public static let statuses = ["pending", "reviewed", "resolved"]
    /// The longest message, in characters.
    public static let maximumMessageLength = 500
    /// The most reports one person makes in a day (UTC).
    public static let maximumPerDay = 20

    /// A lowercase UUID.
    public let id: String
    /// Who reported.
    public let reporterID: String
    /// `user`, `story` or `comment`.
    public let targetKind: String
    /// The id of the user, story or comment reported.
    public let targetID: String
    /// One of `reasons`.
    public let reason: String
    /// The reporter's words, if any.
    public let message: String?
    /// One of `statuses`.
    public let status: String
    /// When it was made.
    public let createdAt: Instant

    /// A report, checked.
    /// - Throws: `invalid_argument` (fields `reason`, `message`).
    public init(
        id: String, reporterID: String, targetKind: String, targetID: String, reason: String, message: String?,
        status: String = "pending", createdAt: Instant
    ) throws {
        guard Self.reasons.contains(reason) else {
            throw AppError.invalidArgument(
                "reason is \(Self.reasons.joined(separator: ", ")), got '\(reason)'", field: "reason")
        }
        let message = message?.keptText
        if let message, message.limitLength > Self.maximumMessageLength {
            throw AppError.invalidArgument(
                "a report's message is at most \(Self.maximumMessageLength) characters, got \(message.limitLength)",
                field: "message")
        }
        self.id = id
        self.reporterID = reporterID
        self.targetKind = targetKind
        self.targetID = targetID
        self.reason = reason
        self.message = message.flatMap { $0.isEmpty ? nil : $0 }
        self.status = status
        self.createdAt = createdAt
    }
}
