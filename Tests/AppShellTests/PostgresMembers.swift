import Assembly
import Core
import Storage
import Time

/// A PostgreSQL schema set up with `admin.setup()` on the test server, with members who
/// connect as themselves: what a test of row-level security or of two people on two
/// machines starts from.
///
/// The cluster's superuser (`APP_SHELL_TEST_POSTGRES`) is the administrator: it owns the
/// schema's tables and runs the `admin.*` routes. Each member is a real `LOGIN` role with a
/// password; `url(of:)` connects as them, with the schema first on the search path (their
/// role's own `search_path` in this database says the same). Roles are cluster-wide, so
/// member names carry a random part. The schema goes when this value does; the roles stay
/// with the throwaway cluster.
final class PostgresMembers: @unchecked Sendable {
    let server: String
    let schema: String
    /// The administrator's app (the superuser, not acting as anyone else).
    let admin: AssembledApp
    let adminSession: Session
    /// Each member's name and password, in the order they were added.
    private(set) var members: [(name: String, password: String)] = []

    /// Sets up a new scratch schema and adds one member per prefix (`mina` becomes
    /// `mina_<random>`).
    init(_ prefixes: [String], clock: any Clock = SystemClock(timeZone: .utc)) throws {
        (server, schema) = try PostgresDatabase.makeScratchSchema()
        admin = try AppAssembly.assemble(
            AppOptions(databasePath: PostgresDatabase.scratchURL(server: server, schema: schema), clock: clock))
        guard let session = try admin.loginSession() else { throw AppError.internal("no database login") }
        adminSession = session
        _ = try admin.router.call("admin.setup", Arguments([:]), session: adminSession)
        let suffix = String(Identifier.random().prefix(8))
        for prefix in prefixes {
            let member = (name: "\(prefix)_\(suffix)", password: "pw-\(Identifier.random())")
            _ = try admin.router.call(
                "admin.add_member", Arguments(["name": .string(member.name), "password": .string(member.password)]),
                session: adminSession)
            members.append(member)
        }
    }

    deinit {
        admin.database.close()
        PostgresDatabase.dropScratchSchema(server: server, schema: schema)
    }

    /// The name of the member added with `prefix`.
    func name(_ prefix: String) -> String {
        members.first { $0.name.hasPrefix(prefix + "_") }?.name ?? prefix
    }

    /// A `postgresql://` URL that logs in as `name` (with their password) into the schema.
    func url(of name: String, password: String? = nil) -> String {
        let secret = password ?? members.first { $0.name == name }?.password ?? ""
        let rest = server.split(separator: "@", maxSplits: 1).last.map(String.init) ?? server
        let scheme = server.hasPrefix("postgres://") ? "postgres://" : "postgresql://"
        let hostAndDatabase = rest.hasPrefix(scheme) ? String(rest.dropFirst(scheme.count)) : rest
        return PostgresDatabase.scratchURL(
            server: "\(scheme)\(name):\(secret)@\(hostAndDatabase)", schema: schema)
    }

    /// The app as `name` sees it, through the database login.
    func app(of name: String, clock: any Clock = SystemClock(timeZone: .utc)) throws -> (AssembledApp, Session) {
        let app = try AppAssembly.assemble(AppOptions(databasePath: url(of: name), clock: clock))
        guard let session = try app.loginSession() else { throw AppError.internal("no database login") }
        return (app, session)
    }

    /// A plain connection as `name`, for SQL straight at the tables.
    func sql(of name: String) throws -> PostgresDatabase { try PostgresDatabase(url(of: name)) }
}
