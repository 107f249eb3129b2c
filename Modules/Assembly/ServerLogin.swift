import Core
import Storage

/// What start-up needs to know about a PostgreSQL login, asked in one round trip: who it is
/// (the app's user), whether it is a superuser (who may act as anyone in test harnesses),
/// whether it may create tables in the schema (the administrator, who migrates), the
/// schema's versions and, when the login is the user, its users row.
struct ServerLogin: Sendable {
    /// `session_user`.
    let name: String
    /// Whether the login is a superuser.
    let isSuperuser: Bool
    /// Whether the login may `CREATE` in the first schema of the search path.
    let mayCreate: Bool

    /// The recorded version of every module, read with the login from the schema the app's
    /// statements use (`recorded`); nil when they could not be (no `schema_versions` on the
    /// search path, before the first migration), and the migrator reads them itself.
    let versions: [String: Int]?

    /// The users row of the login, read with the versions when the login is the user
    /// (`prefetchUser`) and a row has exactly its name (as the row made for a login has);
    /// nil otherwise (`UserAccounts.signIn` then reads or creates it).
    let user: User?

    private static let describe = """
        SELECT session_user, r.rolsuper,
            coalesce(has_schema_privilege(coalesce(current_schema(), 'public'), 'CREATE'), false)
        FROM pg_roles r WHERE r.rolname = session_user
        """

    /// Whether the login may create in the first schema of the search path: all that
    /// `describe` adds to what the server reports at the login (`session_authorization`,
    /// `is_superuser`). `pg_roles` made a new server process load the catalogs of roles
    /// and settings: 0.7 ms of a start.
    private static let creates = """
        SELECT coalesce(has_schema_privilege(coalesce(current_schema(), 'public'), 'CREATE'), false)
        """

    /// The versions of the schema whose tables the app's statements find: the first on the
    /// search path that has `schema_versions`. Fails where none has it. (Guarding that it
    /// is the first schema of the path, where a migration would create tables, cost a new
    /// server process 0.6 ms of catalog reads; `AppAssembly.migrateOrCheck` leaves that
    /// question to the migrator, for when something is to be created.)
    private static let recorded = "SELECT module, version FROM schema_versions"

    /// The login of `database`, the schema's versions and, when `prefetchUser(login, superuser)`
    /// says the login will be the app's user, its users row, in one round trip; nil on
    /// SQLite, which has no login.
    /// - Throws: the storage error of the query; `internal` when the server does not
    ///   describe the login (never by chance: nil would let anyone act as anyone).
    init?(_ database: any Database, prefetchUser: (_ login: String, _ isSuperuser: Bool) -> Bool) throws {
        guard database.dialect.name == .postgreSQL else { return nil }
        var row: (String, Bool, Bool)?
        var versions: [String: Int]? = [:]
        var user: User?
        var batch = [BatchQuery(Self.recorded) { versions?[try $0.string(0)] = try $0.int(1) }]
        var login: BatchQuery?
        if let reported = try (database as? PostgresDatabase)?.reportedLogin() {
            // Who and whether superuser came with the login. A superuser may create in any
            // schema, so only another login is asked whether it may (0.3 ms of catalog
            // lookups on a new server process).
            if reported.isSuperuser {
                row = (reported.name, true, true)
            } else {
                login = BatchQuery(Self.creates) { row = (reported.name, false, try $0.bool(0)) }
            }
            if prefetchUser(reported.name, reported.isSuperuser) {
                batch.append(SQLUserRepository.userNamedExactly(reported.name) { user = $0 })
            }
        } else {
            login = BatchQuery(Self.describe) { row = (try $0.string(0), try $0.bool(1), try $0.bool(2)) }
        }
        do {
            try database.forEach((login.map { [$0] } ?? []) + batch)
        } catch let error as StorageError
            where ![.unavailable, .outcomeUnknown, .closed].contains(error.failure)
        {
            // No schema_versions on the search path yet (the first start): the login alone.
            versions = nil
            user = nil
            if let login {
                row = nil
                try database.forEach([login])
            }
        }
        guard let row else { throw AppError.internal("the server did not describe the login") }
        (name, isSuperuser, mayCreate) = row
        self.versions = versions
        self.user = user
    }
}
