import Time

/// The `reports` table: reporting a person, a story or a comment, and one's own reports.
///
/// It needs an `any ReportStore`, an `any BlockList`, an `any UserRepository`, an
/// `any TransactionRunner` and an `any Clock` in the container, and the `any ReportTargets`
/// a feature registered (BookStories: stories and comments).
public struct ReportsPlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// `reports`.
    public var name: String { "reports" }

    /// None: Storage owns `reports`' schema.
    public var migrations: [Migration] { [] }

    /// Registers `ReportContent`.
    public func register(in container: Container) {
        container.register(ReportContent.self) { resolver in
            ReportContent(
                reports: try resolver.resolve((any ReportStore).self),
                users: try resolver.resolve((any UserRepository).self),
                targets: resolver.scope.isRegistered((any ReportTargets).self)
                    ? try resolver.resolve((any ReportTargets).self) : nil,
                blocking: try resolver.resolve(BlockPeople.self),
                transactions: try resolver.resolve((any TransactionRunner).self),
                clock: try resolver.resolve((any Clock).self))
        }
    }

    /// The `reports` routes.
    public func routes() -> [Route] {
        [
            Route(
                "reports.create",
                summary:
                    "Reports a person, a story or a comment to the moderator, and blocks its author (people.block); "
                    + "one report a thing, \(Report.maximumPerDay) a day.",
                parameters: [
                    .option("user", .string, "A user's name or id, or:"),
                    .option("story", .string, "a story's id, or:"),
                    .option("comment", .string, "a comment's or reply's id."),
                    .option(
                        "reason", .choice(Report.reasons), "Why: spam, harassment, inappropriate or other.",
                        required: true),
                    .option("message", .string, "At most \(Report.maximumMessageLength) characters.").freeText,
                ],
                returns: "report",
                errors: ["reports.not_found", "reports.already_reported", "reports.too_many"],
                example: #"reports.create{comment = c.id, reason = "harassment", message = "욕설"}"#
            ) { arguments, context in
                let named = Report.kinds.filter { arguments.optionalString($0) != nil }
                guard named.count == 1, let kind = named.first, let reference = arguments.optionalString(kind) else {
                    throw AppError.invalidArgument(
                        "a report names exactly one of user, story or comment", field: "user")
                }
                let report = try context.resolve(ReportContent.self).create(
                    kind: kind, reference: reference, reason: try arguments.string("reason"),
                    message: arguments.optionalString("message"), reporterID: context.user.id)
                return Self.value(report, zone: context.clock.timeZone)
            },
            Route(
                "reports.mine", summary: "The reports you made, newest first, with where each stands.",
                returns: "report[]",
                example: #"for _, r in ipairs(reports.mine()) do print(r.target_kind, r.status) end"#
            ) { _, context in
                let zone = context.clock.timeZone
                return .array(
                    try context.resolve(ReportContent.self).mine(reporterID: context.user.id).map {
                        Self.value($0, zone: zone)
                    })
            },
        ]
    }

    /// The record the `reports` routes return.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "report", doc: "A report of a person, a story or a comment.",
                fields: [
                    .init("id", "string", "A lowercase UUID."),
                    .init("target_kind", #""user"|"story"|"comment""#, "What was reported."),
                    .init("target_id", "string", "Its id (a user's id for a person)."),
                    .init("reason", #""spam"|"harassment"|"inappropriate"|"other""#, "Why."),
                    .init("message", "string", "The reporter's words.", optional: true),
                    .init(
                        "status", #""pending"|"reviewed"|"resolved""#,
                        "pending until a moderator looks at it; reviewed (dismissed) or resolved (acted on)."),
                    .init("created_at", "instant", "When it was made."),
                ])
        ]
    }

    /// The `report` record.
    static func value(_ report: Report, zone: TimeZoneRules) -> Value {
        .table(
            Record([
                ("id", .string(report.id)), ("target_kind", .string(report.targetKind)),
                ("target_id", .string(report.targetID)), ("reason", .string(report.reason)),
                ("message", report.message.map(Value.string) ?? .null), ("status", .string(report.status)),
                ("created_at", .string(report.createdAt.iso8601(in: zone))),
            ]))
    }
}
