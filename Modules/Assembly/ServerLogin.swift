import Core
import Storage

/// What start-up needs to know about a PostgreSQL login, asked in one round trip: who it is
/// (the app's user), whether it is a superuser (who may act as anyone in test harnesses),
/// and whether it may create tables in the schema (the administrator, who migrates).
struct ServerLogin: Sendable {
    /// `session_user`.
    let name: String
    /// Whether the login is a superuser.
    let isSuperuser: Bool
    /// Whether the login may `CREATE` in the first schema of the search path.
    let mayCreate: Bool

    /// The login of `database`; nil on SQLite, which has none.
    /// - Throws: the storage error of the query; `internal` when the server does not
    ///   describe the login (never by chance: nil would let anyone act as anyone).
    init?(_ database: any Database) throws {
        guard database.dialect.name == .postgreSQL else { return nil }
        guard
            let row = try database.queryOne(
                """
                SELECT session_user, r.rolsuper,
                    coalesce(has_schema_privilege(coalesce(current_schema(), 'public'), 'CREATE'), false)
                FROM pg_roles r WHERE r.rolname = session_user
                """, { (try $0.string(0), try $0.bool(1), try $0.bool(2)) })
        else { throw AppError.internal("the server did not describe the login") }
        (name, isSuperuser, mayCreate) = row
    }
}
