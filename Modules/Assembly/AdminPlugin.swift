import Core

/// The `admin` table: setting up a shared PostgreSQL server and its members, for a role
/// with `CREATEROLE` that owns the database (`ServerSetup`). On SQLite every route raises
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

    /// The `admin_setup` and `member` records.
    public func shapes() -> [RecordShape] {
        [
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
