import Core
import Time

/// The `admin` table: setting up a shared PostgreSQL server and its members, for a role
/// with `CREATEROLE` that owns the database (`ServerSetup`), and moderating reports
/// (`ModerateReports`). On SQLite every route but the moderator's raises
/// `admin.not_available`.
///
/// It lives in Assembly, the composition root, because setting up a server takes every
/// module's schema and every table's policy; it needs a `ServerSetup` in the container,
/// which `AppAssembly.assemble` registers.
public struct AdminPlugin: ModulePlugin {
    /// The admin routes; stateless, the setup comes from the container.
    public init() {}

    /// `admin`.
    public var name: String { "admin" }

    /// None: setup applies the other modules' migrations.
    public var migrations: [Migration] { [] }

    /// Nothing: `AppAssembly` registers `ServerSetup` with the database and the modules.
    public func register(in container: Container) {}

    private static let notAvailable = "admin.not_available"
    private static let notAllowed = "admin.not_allowed"

    /// The `admin` routes.
    public func routes() -> [Route] {
        [
            Route(
                "admin.setup",
                summary:
                    "Sets up the server: schema, members' group role, grants, row-level security, functions, migrations; run again, only what is missing.",
                returns: "admin_setup", errors: [Self.notAvailable, Self.notAllowed],
                example: "local s = admin.setup()  print(s.group, #s.applied)"
            ) { _, context in
                let (place, applied) = try context.resolve(ServerSetup.self).setup()
                return .table(
                    Record([
                        ("database", .string(place.database)), ("schema", .string(place.schema)),
                        ("group", .string(place.group)), ("applied", .array(applied.map(Value.string))),
                    ]))
            },
            Route(
                "admin.add_member",
                summary: "Adds a person: a LOGIN role in the members' group, with a password.",
                parameters: [
                    .option(
                        "name", .string,
                        "The login and user name: 1 to 32 lower-case letters, digits, '_', '-' or '.'.",
                        required: true),
                    Parameter.option(
                        "password", .string,
                        "8 characters to 1024 bytes; sent to the server only as its SCRAM verifier.", required: true
                    ).secret,
                ],
                returns: "nil",
                errors: [
                    Self.notAvailable, Self.notAllowed, "admin.not_set_up", "admin.member_exists",
                    "admin.password_would_be_logged",
                ],
                example: "admin.add_member{name = \"mina\", password = os.getenv(\"MINA_PASSWORD\")}"
            ) { arguments, context in
                try context.resolve(ServerSetup.self).addMember(
                    name: try arguments.string("name"), password: try arguments.string("password"))
                return .null
            },
            Route(
                "admin.remove_member",
                summary: "Removes a person's role; their rows stay, reachable by no one.",
                parameters: [.positional("name", .string, "The member's login name.")],
                returns: "nil",
                errors: [
                    Self.notAvailable, Self.notAllowed, "admin.not_set_up", "admin.no_member",
                    "admin.member_owns_objects",
                ],
                example: "admin.remove_member(\"mina\")"
            ) { arguments, context in
                try context.resolve(ServerSetup.self).removeMember(name: try arguments.string("name"))
                return .null
            },
            Route(
                "admin.reports",
                summary:
                    "The moderator's queue: reports, newest first (the server's administrator; on SQLite the file's "
                    + "first user).",
                parameters: [.option("status", .choice(Report.statuses), "Only reports in this status.")],
                returns: "moderated_report[]", errors: [Self.notAllowed],
                example: #"for _, r in ipairs(admin.reports{status = "pending"}) do print(r.reason, r.target_kind) end"#
            ) { arguments, context in
                let zone = context.clock.timeZone
                return .array(
                    try context.resolve(ModerateReports.self).queue(
                        status: arguments.optionalString("status"), acting: context.user
                    ).map { Self.value($0, zone: zone) })
            },
            Route(
                "admin.resolve",
                summary:
                    "Resolves a report: dismiss it, hide what was reported (all a reported person wrote), or remove "
                    + "the member (on SQLite: hide all they wrote); recorded with who and when.",
                parameters: [
                    .positional("id", .string, "The report's id."),
                    .option(
                        "action", .choice(ModerateReports.actions), "dismiss, hide or remove_member.", required: true),
                ],
                returns: "moderated_report",
                errors: [Self.notAllowed, "reports.not_found", "reports.not_pending", "admin.no_member"],
                example: #"admin.resolve(r.id, {action = "hide"})"#
            ) { arguments, context in
                let resolved = try context.resolve(ModerateReports.self).resolve(
                    try arguments.string("id"), action: try arguments.string("action"), acting: context.user)
                return Self.value(resolved, zone: context.clock.timeZone)
            },
            Route(
                "admin.members", summary: "The members, by name.", returns: "member[]",
                errors: [Self.notAvailable, Self.notAllowed, "admin.not_set_up"],
                example: "for _, m in ipairs(admin.members()) do print(m.name, m.signed_in) end"
            ) { _, context in
                .array(
                    try context.resolve(ServerSetup.self).members().map { member in
                        .table(Record([("name", .string(member.name)), ("signed_in", .bool(member.signedIn))]))
                    })
            },
        ]
    }

    /// The `moderated_report` record.
    static func value(_ moderated: ModeratedReport, zone: TimeZoneRules) -> Value {
        let report = moderated.report
        return .table(
            Record([
                ("id", .string(report.id)), ("reporter_id", .string(report.reporterID)),
                ("reporter_name", .string(moderated.reporterName)), ("target_kind", .string(report.targetKind)),
                ("target_id", .string(report.targetID)), ("reason", .string(report.reason)),
                ("message", report.message.map(Value.string) ?? .null), ("status", .string(report.status)),
                ("created_at", .string(report.createdAt.iso8601(in: zone))),
                ("action", moderated.action.map(Value.string) ?? .null),
                ("resolved_by", moderated.resolvedBy.map(Value.string) ?? .null),
                ("resolved_at", moderated.resolvedAt.map { .string($0.iso8601(in: zone)) } ?? .null),
            ]))
    }

    /// The `admin_setup`, `member` and `moderated_report` records.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "moderated_report", doc: "A report as the moderator sees it.",
                fields: [
                    .init("id", "string", "A lowercase UUID."),
                    .init("reporter_id", "string", "Who reported."),
                    .init("reporter_name", "string", "Their user name."),
                    .init("target_kind", #""user"|"story"|"comment""#, "What was reported."),
                    .init("target_id", "string", "Its id."),
                    .init("reason", #""spam"|"harassment"|"inappropriate"|"other""#, "Why."),
                    .init("message", "string", "The reporter's words.", optional: true),
                    .init("status", #""pending"|"reviewed"|"resolved""#, "Where it stands."),
                    .init("created_at", "instant", "When it was made."),
                    .init(
                        "action", #""dismiss"|"hide"|"remove_member""#, "What the moderator did.", optional: true),
                    .init("resolved_by", "string", "The moderator.", optional: true),
                    .init("resolved_at", "instant", "When.", optional: true),
                ]),
            RecordShape(
                "admin_setup", doc: "What admin.setup() set up.",
                fields: [
                    .init("database", "string", "The database."),
                    .init("schema", "string", "The schema the tables are in."),
                    .init("group", "string", "The NOLOGIN role every member belongs to."),
                    .init("applied", "string[]", "The steps taken; empty when nothing was missing."),
                ]),
            RecordShape(
                "member", doc: "A member of the server.",
                fields: [
                    .init("name", "string", "The login name, which is the user name."),
                    .init("signed_in", "boolean", "Whether they have used the app yet."),
                ]),
        ]
    }
}
