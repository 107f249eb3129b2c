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

    /// The recorded version of every module (`Migrator.versions()`), read with the login;
    /// nil when they could not be (a schema without `schema_versions`, before its first
    /// migration), and the migrator reads them itself.
    let versions: [String: Int]?

    private static let describe = """
        SELECT session_user, r.rolsuper,
            coalesce(has_schema_privilege(coalesce(current_schema(), 'public'), 'CREATE'), false)
        FROM pg_roles r WHERE r.rolname = session_user
        """

    /// The versions of the first schema of the search path, as `Migrator.versions()` reads
    /// them (none from a table further down the path). Fails where no schema has the table.
    private static let recorded = """
        SELECT module, version FROM schema_versions
        WHERE to_regclass(quote_ident(current_schema()) || '.schema_versions') = to_regclass('schema_versions')
        """

    /// The login of `database`, and the schema's versions, in one round trip; nil on
    /// SQLite, which has no login.
    /// - Throws: the storage error of the query; `internal` when the server does not
    ///   describe the login (never by chance: nil would let anyone act as anyone).
    init?(_ database: any Database) throws {
        guard database.dialect.name == .postgreSQL else { return nil }
        var row: (String, Bool, Bool)?
        var versions: [String: Int]? = [:]
        let login = BatchQuery(Self.describe) { row = (try $0.string(0), try $0.bool(1), try $0.bool(2)) }
        do {
            try database.forEach([
                login, BatchQuery(Self.recorded) { versions?[try $0.string(0)] = try $0.int(1) },
            ])
        } catch let error as StorageError where error.failure != .unavailable && error.failure != .closed {
            // No schema_versions on the search path yet (the first start): the login alone.
            row = nil
            versions = nil
            try database.forEach([login])
        }
        guard let row else { throw AppError.internal("the server did not describe the login") }
        (name, isSuperuser, mayCreate) = row
        self.versions = versions
    }
}
