import Core
import Formats
import Storage

/// Sets up and administers a shared PostgreSQL server: what the `admin.*` routes run.
///
/// The administrator is a role with `CREATEROLE` that owns the database. It owns every
/// table and function (members own nothing and get data privileges only, through one
/// `NOLOGIN` group role); every table has `ENABLE` and `FORCE`d row-level security with the
/// policies of `RowSecurity`. Each member is a `LOGIN` role in the group, and the app's user
/// is `session_user`.
public struct ServerSetup: Sendable {
    /// The version of what `setup()` creates (grants, policies, functions), recorded in
    /// `schema_versions` as module `server_setup`: a member whose app-shell expects more
    /// gets `storage.schema_outdated`.
    ///
    /// 2: walk requests are made and answered by the server's clock (`walk_requests_send`
    /// and `walk_requests_answer`). 3: the inbox, written by `SECURITY DEFINER` triggers.
    /// 4: events numbered by their identity sequence, their params in their row, the
    /// backlog's guard on its count of removed events. 5: the inbox wakes each recipient
    /// on a channel only they can learn (`inbox_channel`, gone at 13); a superuser's setup takes the
    /// statistics views and functions that tell members about each other from `PUBLIC`.
    /// 6: a story only in its author's own themes (`book_story_themes`' policies);
    /// `mate_join` costs a second a call, which a rollback cannot return, one call at a time
    /// per member, and one member alone never locks everyone's joins. 7: members may only
    /// read `event_backlog` (`event_backlog_set_removed` writes it), `mate_join` locks only
    /// its member's row, and a table's older grants are revoked before today's are given.
    /// 8: members hold no table-level `UPDATE` or `DELETE` (either lets them `LOCK TABLE`
    /// against everyone): updates are granted column by column, and deletes go through
    /// `app_delete`, owned by the deleting role (`Place.deleter`).
    /// 9: `walk_requests_expire` passes over requests someone holds locked; every function
    /// of the schema gets a fixed `search_path`.
    /// 10: `app_delete` takes at most 16 conditions.
    /// 11: blocks (`app_hidden_ids()` for the policies; `mate_join` refuses a blocked pair).
    /// 12: the inbox is the notification list: members mark read and delete their own
    /// entries, and see none from someone either side blocked; comments reach it.
    /// 13: nothing notifies (waiting loops read their inbox), so `inbox_channel` is gone.
    /// 14: members may set `inbox.claim` (core step 17) on their own rows: a waiting loop's
    /// claims carry a token.
    /// 15: profile drops (`mate_drop`, `mate_catch`, `mate_drop_confirm`, `mate_drop_cancel`,
    /// `mate_drops_expire`; members read only drops they are in).
    public static let version = 15
    /// The key of `version` in `schema_versions`.
    public static let module = "server_setup"
    /// The key in `schema_versions` of the digest of the grants and policies setup applied
    /// last (`accessDigest`): when the modules' declarations change, the next setup applies
    /// them again without `version` being raised. (`version` still says what members'
    /// app-shells need.)
    public static let accessModule = "server_access"

    /// A digest of `access` (31 bits of its SHA-256: `schema_versions.version` is a 32-bit
    /// `integer` on PostgreSQL; a change is missed once in two billion): every table's
    /// grant and every policy's name, command, expressions and role, and the text of every
    /// view and function setup makes, so a function mended without a new `version` is made
    /// again by the next setup too.
    static func accessDigest(_ access: [TableAccess]) -> Int {
        var text =
            (RowSecurity.viewDefinitions(schema: "schema") + RowSecurity.functionDefinitions(schema: "schema")
            + [EventSchema.backlogRemovedFunction(searchPath: "= schema, pg_temp")]).joined(separator: "\n")
        for table in access {
            text += "\(table.table)\t\(table.privileges ?? "-")\t\(table.updates?.joined(separator: ",") ?? "-")\t"
            text += "\(table.deletes)\n"
            for policy in table.policies {
                text += "\t\(policy.name)\t\(policy.command)\t\(policy.using ?? "-")\t\(policy.check ?? "-")\t"
                text += "\(policy.ownerOnly)\n"
            }
        }
        return SHA256.digest(Array(text.utf8)).prefix(4).reduce(0) { $0 << 8 | Int($1) } & 0x7FFF_FFFF
    }
    /// The functions that create a large object, which setup takes from `PUBLIC` when the
    /// administrator is a superuser (their owner); otherwise members can still create them,
    /// and `removeMember` reassigns what they made.
    static let largeObjectCreators = ["lo_creat(integer)", "lo_create(oid)", "lo_from_bytea(oid, bytea)"]
    /// The longest password `add_member` takes, in bytes.
    public static let maximumPasswordBytes = 1024
    /// The shortest password `add_member` takes, in characters.
    public static let minimumPasswordCharacters = 8

    private let database: any Database
    private let modules: [Migrator.Module]
    private let access: [TableAccess]

    /// Setup over `database`, whose schema is `modules` (`StorageAssembly.modules`) and whose
    /// tables' grants and policies are `access` (`AppAssembly.tableAccess`).
    public init(database: any Database, modules: [Migrator.Module], access: [TableAccess]) {
        self.database = database
        self.modules = modules
        self.access = access
    }

    /// Where setup works: the connection's database, schema, login, and the members' group.
    public struct Place: Sendable {
        /// `current_database()`.
        public let database: String
        /// `current_schema()`, the first schema on the search path.
        public let schema: String
        /// `current_user`: the administrator, the owner of the tables.
        public let administrator: String
        /// The `NOLOGIN` role every member belongs to: `<database>_members` for schema
        /// `public`, else `<database>_<schema>_members`.
        public let group: String
        /// The `NOLOGIN` role that owns `app_delete` and alone holds `DELETE` on the tables
        /// members delete from: `<database>_deletes` or `<database>_<schema>_deletes`. No one
        /// logs in as it; the administrator is its only member.
        public let deleter: String
    }

    /// The members' group role for a database and schema.
    public static func groupRole(database: String, schema: String) -> String {
        schema == "public" ? "\(database)_members" : "\(database)_\(schema)_members"
    }

    /// The deleting role for a database and schema (as long as the group's name).
    public static func deleterRole(database: String, schema: String) -> String {
        schema == "public" ? "\(database)_deletes" : "\(database)_\(schema)_deletes"
    }

    // MARK: - Checks

    /// The place, after checking this backend is PostgreSQL and the login may administer it.
    /// - Throws: `admin.not_available` on SQLite; `admin.not_allowed` for a login without
    ///   `CREATEROLE` or that does not own the database.
    public func place() throws -> Place {
        guard database.dialect.name == .postgreSQL else {
            throw AppError(
                code: "admin.not_available",
                message:
                    "administration is for a PostgreSQL server (--db postgresql://...); a SQLite file has no members")
        }
        guard
            let row = try database.queryOne(
                """
                SELECT current_database(), coalesce(current_schema(), 'public'), current_user,
                    r.rolsuper OR r.rolcreaterole, r.rolsuper OR d.datdba = r.oid
                FROM pg_roles r, pg_database d WHERE r.rolname = current_user AND d.datname = current_database()
                """,
                { row in
                    (
                        try row.string(0), try row.string(1), try row.string(2), try row.bool(3), try row.bool(4)
                    )
                })
        else { throw AppError.internal("the server did not describe the login") }
        let (databaseName, schema, login, createRole, ownsDatabase) = row
        guard createRole, ownsDatabase else {
            throw AppError(
                code: "admin.not_allowed",
                message: "administering needs a role with CREATEROLE that owns database \"\(databaseName)\"; "
                    + "\(login) \(createRole ? "does not own it" : "has no CREATEROLE")")
        }
        let group = Self.groupRole(database: databaseName, schema: schema)
        guard group.utf8.count <= 63 else {
            throw AppError(
                code: "admin.not_allowed",
                message: "the group role name \(group) would be longer than PostgreSQL's 63 bytes; "
                    + "use a shorter database or schema name")
        }
        return Place(
            database: databaseName, schema: schema, administrator: login, group: group,
            deleter: Self.deleterRole(database: databaseName, schema: schema))
    }

    // MARK: - Setup

    /// Creates what is missing: the schema, the group role, the grants, row-level security
    /// and its policies, the functions, and the migrations; one transaction, which first
    /// takes the migrator's turn (`Migrator.takeTurn`), so two administrators take turns and
    /// no member can hold it up. Run again, it changes nothing.
    /// - Returns: the place and the steps it took (`applied`, empty when nothing was missing).
    /// - Throws: `admin.not_available`, `admin.not_allowed`, or the failing statement's error
    ///   (nothing of the run is kept).
    public func setup() throws -> (place: Place, applied: [String]) {
        // Two setups of different schemas of one database at once both grant on the
        // database (its one catalog row): PostgreSQL refuses the second's update with "tuple
        // concurrently updated" rather than waiting. The whole transaction runs again.
        var attempt = 1
        while true {
            do {
                return try setupOnce()
            } catch let error as StorageError where attempt < 4 && error.message.contains("tuple concurrently updated")
            {
                attempt += 1
            }
        }
    }

    private func setupOnce() throws -> (place: Place, applied: [String]) {
        let place = try place()
        let schema = Self.quoted(place.schema)
        let group = Self.quoted(place.group)
        let deleter = Self.quoted(place.deleter)
        let applied = try database.transaction { () -> [String] in
            var applied: [String] = []
            try Migrator.takeTurn(database, schema: place.schema)
            if try database.queryOne(
                "SELECT 1 FROM pg_namespace WHERE nspname = ?", [.text(place.schema)], { _ in true }) == nil
            {
                try database.executeScript("CREATE SCHEMA \(schema)")
                applied.append("schema \(place.schema)")
            }
            if try !roleExists(place.group) {
                try database.executeScript("CREATE ROLE \(group) NOLOGIN")
                applied.append("role \(place.group)")
            }
            if try !roleExists(place.deleter) {
                try database.executeScript("CREATE ROLE \(deleter) NOLOGIN")
                applied.append("role \(place.deleter)")
            }
            // FORCE holds the owner to the policies too; lifted for this transaction only
            // (members are never owners, so they see no difference), so that migrations and
            // the setup's own bookkeeping see every row, as a data migration must.
            let migrator = Migrator(database: database)
            let migrating = try migrator.firstMissing(modules) != nil
            for (table, state) in try securedTables(place.schema) where migrating && state.forced {
                try database.executeScript("ALTER TABLE \(Self.quoted(table)) NO FORCE ROW LEVEL SECURITY")
            }
            for step in try migrator.migrate(modules) {
                applied.append("migration \(step.module) \(step.version)")
            }
            let tables = try securedTables(place.schema)
            // In the order of their names, as every later step goes: the report lists the
            // steps in the order they were taken.
            for (table, state) in tables.sorted(by: { $0.key < $1.key }) where !state.enabled {
                try database.executeScript("ALTER TABLE \(Self.quoted(table)) ENABLE ROW LEVEL SECURITY")
                applied.append("row-level security on \(table)")
            }
            let digest = Self.accessDigest(access)
            let recorded = try migrator.versions()
            // A server set up by a newer app-shell is left as it is.
            let recordedVersion = recorded[Self.module] ?? 0
            let outdated =
                recordedVersion < Self.version
                || (recordedVersion == Self.version && recorded[Self.accessModule] != digest)
            if outdated {
                // app_delete belongs to the deleting role (which needs CREATE on the schema to be
                // given it, and only for that), so the owner's definer policies never apply in it.
                try database.executeScript(
                    """
                    GRANT \(deleter) TO CURRENT_USER;
                    GRANT USAGE, CREATE ON SCHEMA \(schema) TO \(deleter);
                    \(RowSecurity.deleteFunction(schema: schema));
                    ALTER FUNCTION \(RowSecurity.deleteFunctionSignature) OWNER TO \(deleter);
                    REVOKE CREATE ON SCHEMA \(schema) FROM \(deleter);
                    REVOKE ALL ON FUNCTION \(RowSecurity.deleteFunctionSignature) FROM PUBLIC;
                    GRANT EXECUTE ON FUNCTION \(RowSecurity.deleteFunctionSignature) TO \(group);
                    """)
                try database.executeScript(
                    """
                    REVOKE CREATE ON SCHEMA \(schema) FROM PUBLIC;
                    GRANT USAGE ON SCHEMA \(schema) TO \(group);
                    GRANT CONNECT, TEMPORARY ON DATABASE \(Self.quoted(place.database)) TO \(group);
                    \(RowSecurity.viewDefinitions(schema: schema).map { $0 + ";" }.joined(separator: "\n"))
                    REVOKE ALL ON app_me, app_hidden FROM PUBLIC;
                    GRANT SELECT ON app_me, app_hidden TO \(group), \(deleter);
                    \(RowSecurity.userIDFunction(schema: schema));
                    \(RowSecurity.hiddenFunction(schema: schema));
                    REVOKE ALL ON FUNCTION app_hidden_ids() FROM PUBLIC;
                    GRANT EXECUTE ON FUNCTION app_hidden_ids() TO \(group), \(deleter);
                    \(RowSecurity.joinFunction(schema: schema));
                    \(RowSecurity.inviteFunction(schema: schema));
                    \(RowSecurity.eventBacklogGuard(schema: schema));
                    \(RowSecurity.backlogSizeFunction(schema: schema));
                    REVOKE ALL ON FUNCTION event_backlog_size() FROM PUBLIC;
                    GRANT EXECUTE ON FUNCTION event_backlog_size() TO \(group);
                    \(EventSchema.backlogRemovedFunction(searchPath: "= \(schema), pg_temp"))
                    REVOKE ALL ON FUNCTION event_backlog_set_removed(bigint) FROM PUBLIC;
                    GRANT EXECUTE ON FUNCTION event_backlog_set_removed(bigint) TO \(group);
                    \(RowSecurity.expireFunction(schema: schema));
                    REVOKE ALL ON FUNCTION walk_requests_expire(bigint) FROM PUBLIC;
                    GRANT EXECUTE ON FUNCTION walk_requests_expire(bigint) TO \(group);
                    \(RowSecurity.dropFunctions(schema: schema).map { $0 + ";" }.joined(separator: "\n"))
                    \(RowSecurity.dropFunctionSignatures.map {
                        "REVOKE ALL ON FUNCTION \($0) FROM PUBLIC; GRANT EXECUTE ON FUNCTION \($0) TO \(group);"
                    }.joined(separator: "\n"))
                    REVOKE ALL ON FUNCTION app_user_id() FROM PUBLIC;
                    REVOKE ALL ON FUNCTION mate_join(text) FROM PUBLIC;
                    REVOKE ALL ON FUNCTION mate_invite() FROM PUBLIC;
                    REVOKE ALL ON FUNCTION event_backlog_guard() FROM PUBLIC;
                    GRANT EXECUTE ON FUNCTION app_user_id() TO \(group), \(deleter);
                    GRANT EXECUTE ON FUNCTION mate_join(text) TO \(group);
                    GRANT EXECUTE ON FUNCTION mate_invite() TO \(group);
                    """)
                for function in RowSecurity.inboxTriggerFunctions
                where try database.queryOne(
                    "SELECT to_regprocedure(?) IS NOT NULL", [.text(function)], { try $0.bool(0) }) == true
                {
                    try database.executeScript(
                        """
                        ALTER FUNCTION \(function) SECURITY DEFINER SET search_path = \(schema), pg_temp;
                        REVOKE ALL ON FUNCTION \(function) FROM PUBLIC
                        """)
                }
                applied.append(
                    "views app_me, app_hidden; functions app_user_id, app_hidden_ids, app_delete, mate_join, mate_invite, event_backlog_guard, "
                        + "event_backlog_size, event_backlog_set_removed, "
                        + "walk_requests_expire, mate_drop, mate_catch, mate_drop_confirm, mate_drop_cancel, "
                        + "mate_drops_expire, "
                        + "inbox triggers")
            }
            // Every function of the schema runs with a fixed search_path: one without it
            // (a module's trigger function, which runs with the rights of whoever writes the
            // row) would find a member's temporary table of the same name first, and count
            // or check that instead.
            let unpinned = try database.query(
                """
                SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                WHERE n.nspname = ? AND pg_has_role(current_user, p.proowner, 'USAGE')
                    AND NOT EXISTS (SELECT 1 FROM unnest(coalesce(p.proconfig, '{}')) c WHERE c LIKE 'search\\_path=%')
                ORDER BY 1
                """, [.text(place.schema)]
            ) { try $0.string(0) }
            for function in unpinned {
                try database.executeScript("ALTER FUNCTION \(function) SET search_path = \(schema), pg_temp")
                applied.append("search_path of \(function)")
            }
            let present = Set(tables.keys)
            // Today's grants alone: what an older setup granted and today's does not (with its
            // column privileges) goes first. Granted again after a migration too: an UPDATE
            // of every column names the columns the table has now.
            if outdated || migrating {
                for grant in access where present.contains(grant.table) {
                    let table = Self.quoted(grant.table)
                    var sql = "REVOKE ALL ON \(table) FROM \(group), \(deleter)"
                    if let privileges = grant.privileges {
                        sql +=
                            "; GRANT \(privileges) ON \(table) TO \(group); "
                            + "GRANT SELECT\(grant.deletes ? ", DELETE" : "") ON \(table) TO \(deleter)"
                    }
                    if let updates = grant.updates {
                        let columns = updates.isEmpty ? try columns(of: grant.table, schema: place.schema) : updates
                        sql +=
                            "; GRANT UPDATE (\(columns.map(Self.quoted).joined(separator: ", "))) ON \(table) TO \(group)"
                    }
                    try database.executeScript(sql)
                }
                // The sequences too, set up or after a step (which may have made an identity,
                // whose `_issued` policies read the sequence's last value: a privilege on it).
                try database.executeScript("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA \(schema) TO \(group)")
                applied.append("grants to \(place.group) and \(place.deleter)")
            }
            if outdated {
                // Set up before, by an older app-shell or other declarations: every policy of the
                // schema is replaced by today's, since a changed policy kept by name would stay
                // as it was, and a permissive one no longer declared would still widen what
                // members may do (the identity columns' policies below are made again too).
                if recordedVersion > 0 {
                    let policies = try database.query(
                        "SELECT tablename, policyname FROM pg_policies WHERE schemaname = ?", [.text(place.schema)]
                    ) { row in (try row.string(0), try row.string(1)) }
                    for (table, name) in policies {
                        try database.executeScript("DROP POLICY \(Self.quoted(name)) ON \(Self.quoted(table))")
                    }
                    applied.append("policies replaced")
                }
            }
            let existing = Set(
                try database.query(
                    "SELECT tablename, policyname FROM pg_policies WHERE schemaname = ?", [.text(place.schema)]
                ) { row in "\(try row.string(0)).\(try row.string(1))" })
            for table in access where tables[table.table] != nil {
                for policy in table.policies where !existing.contains("\(table.table).\(policy.name)") {
                    var sql =
                        "CREATE POLICY \(Self.quoted(policy.name)) ON \(Self.quoted(table.table)) FOR \(policy.command)"
                    if policy.ownerOnly { sql += " TO \(Self.quoted(place.administrator))" }
                    if let using = policy.using { sql += " USING (\(using))" }
                    if let check = policy.check { sql += " WITH CHECK (\(check))" }
                    try database.executeScript(sql)
                    applied.append("policy \(policy.name)")
                }
            }
            // Identity columns take explicit values too (GENERATED BY DEFAULT): a number ahead
            // of its sequence would make someone else's later insert collide, so a row's
            // number must be one the sequence has given out (a restrictive policy, ANDed
            // with the others). The sequence's last value is read for each row, by a volatile
            // function: a subquery is read once per statement, at its first row, and refused
            // the later rows of a multi-row insert (events go in 64 at a time).
            let identities = try database.query(
                """
                SELECT c.relname, a.attname, pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)
                FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = ? AND a.attidentity <> '' AND NOT a.attisdropped ORDER BY 1, 2
                """, [.text(place.schema)]
            ) { row in (try row.string(0), try row.string(1), try row.string(2)) }
            for (table, column, sequence) in identities {
                for command in ["INSERT", "UPDATE"] {
                    let name = "\(table)_\(column)_issued_\(command.lowercased())"
                    guard !existing.contains("\(table).\(name)") else { continue }
                    try database.executeScript(
                        "CREATE POLICY \(Self.quoted(name)) ON \(Self.quoted(table)) AS RESTRICTIVE FOR \(command) "
                            + "WITH CHECK (\(Self.quoted(column)) <= pg_sequence_last_value(CAST("
                            + "'\(sequence.replacing("'", with: "''"))' AS regclass)))")
                    applied.append("policy \(name)")
                }
            }
            for (module, value) in [(Self.module, Self.version), (Self.accessModule, digest)]
            where outdated && recorded[module] != value {
                try database.execute(
                    recorded[module] == nil
                        ? "INSERT INTO schema_versions (module, version) VALUES (?2, ?1)"
                        : "UPDATE schema_versions SET version = ?1 WHERE module = ?2",
                    [.int(value), .text(module)])
            }
            // Any role may create large objects (PostgreSQL 15 has no privilege for it, and
            // lo_compat_privileges only lifts the checks on reading and writing them); only
            // the functions' owner, a superuser, can take them from PUBLIC in this database.
            if try database.queryOne(
                "SELECT rolsuper FROM pg_roles WHERE rolname = current_user", [], { try $0.bool(0) }) == true
            {
                for function in Self.largeObjectCreators
                where try database.queryOne(
                    "SELECT has_function_privilege('public', ?, 'EXECUTE')", [.text(function)], { try $0.bool(0) })
                    == true
                {
                    try database.executeScript("REVOKE EXECUTE ON FUNCTION \(function) FROM PUBLIC")
                    applied.append("\(function) revoked from PUBLIC")
                }
                applied += try revokeStatistics()
            }
            for (table, state) in tables.sorted(by: { $0.key < $1.key }) where !state.forced || migrating {
                try database.executeScript("ALTER TABLE \(Self.quoted(table)) FORCE ROW LEVEL SECURITY")
            }
            return applied
        }
        return (place, applied)
    }

    /// Takes from `PUBLIC`, in this database, what tells members about each other without
    /// row-level security's say: the statistics views (`pg_stat_*`, `pg_statio_*`: every
    /// session's role, process and start, every table's row counts and changes), the
    /// `pg_stat_get_*` functions they are made of (which anyone could call directly), and
    /// `pg_locks` with `pg_lock_status()` (which session holds what). Only their owner, a
    /// superuser, can; monitoring keeps them through `pg_read_all_stats`. Each one still
    /// granted to `PUBLIC` is taken, so a later run takes what a new server version adds.
    /// - Returns: what it took, one step per view or function.
    private func revokeStatistics() throws -> [String] {
        var applied: [String] = []
        let views = try database.query(
            """
            SELECT format('%I.%I', n.nspname, c.relname) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'pg_catalog' AND c.relkind = 'v'
                AND (c.relname LIKE 'pg\\_stat\\_%' OR c.relname LIKE 'pg\\_statio\\_%' OR c.relname = 'pg_locks')
                AND has_table_privilege('public', c.oid, 'SELECT')
            ORDER BY 1
            """, []
        ) { try $0.string(0) }
        if !views.isEmpty {
            let list = views.joined(separator: ", ")
            try database.executeScript(
                "REVOKE SELECT ON \(list) FROM PUBLIC; GRANT SELECT ON \(list) TO pg_read_all_stats")
            applied += views.map { "\($0) taken from PUBLIC" }
        }
        let functions = try database.query(
            """
            SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = 'pg_catalog' AND (p.proname LIKE 'pg\\_stat\\_get\\_%' OR p.proname = 'pg_lock_status')
                AND has_function_privilege('public', p.oid, 'EXECUTE')
            ORDER BY 1
            """, []
        ) { try $0.string(0) }
        if !functions.isEmpty {
            let list = functions.joined(separator: ", ")
            try database.executeScript(
                "REVOKE EXECUTE ON FUNCTION \(list) FROM PUBLIC; GRANT EXECUTE ON FUNCTION \(list) TO pg_read_all_stats"
            )
            applied.append("\(functions.count) statistics functions taken from PUBLIC")
        }
        return applied
    }

    /// Every table of `schema` with whether row-level security is enabled and forced.
    private func securedTables(_ schema: String) throws -> [String: (enabled: Bool, forced: Bool)] {
        var tables: [String: (enabled: Bool, forced: Bool)] = [:]
        try database.forEach(
            """
            SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind IN ('r', 'p')
            """, [.text(schema)]
        ) { row in tables[try row.string(0)] = (try row.bool(1), try row.bool(2)) }
        return tables
    }

    /// The recorded setup version (0 before the first `setup()`).
    func setupVersion() throws -> Int {
        try Migrator(database: database).versions()[Self.module] ?? 0
    }

    // MARK: - Members

    /// Adds a member: a `LOGIN` role in the group, with the password's SCRAM verifier (the
    /// password never reaches the server) and at most `memberConnectionLimit` connections.
    /// Schema other than `public`: the role's `search_path` in this database is set to it,
    /// so `psql` finds the tables too.
    ///
    /// The verifier never appears in a statement's text, where `log_statement` (`ddl` logs
    /// every `CREATE ROLE`), `pg_stat_statements` and `pg_stat_activity` would keep it for an
    /// offline guess: it is a bind parameter of `SELECT pg_temp.app_shell_add_member(...)`, a
    /// function of this session that runs the `CREATE ROLE` with PL/pgSQL's `EXECUTE` (not
    /// logged as a statement) and re-raises any error without the statement in its context.
    /// Bind parameters are logged only with the statements that are logged whole
    /// (`log_statement = all`, `log_min_duration_statement = 0`, sampling): on such a server,
    /// or one whose `pg_stat_statements.track` is `all` (it keeps nested statements' text),
    /// the member is not added (`admin.password_would_be_logged`).
    /// - Throws: `admin.not_set_up` before `setup()`; `invalid_argument` (field `name` or
    ///   `password`; the password never in the message); `admin.member_exists` when a role
    ///   of that name exists; `admin.password_would_be_logged`.
    public func addMember(name: String, password: String) throws {
        let place = try setUpPlace()
        try Self.validate(memberName: name)
        try Self.validate(password: password)
        try refuseWhereParametersAreLogged()
        guard let server = database as? PostgresDatabase else {
            throw AppError(code: "admin.not_available", message: "members are PostgreSQL roles; this is not a server")
        }
        let verifier = try server.passwordVerifier(password, user: name)
        try database.transaction {
            guard try !roleExists(name) else {
                throw AppError(
                    code: "admin.member_exists", message: "a role named \(name) exists on this server", field: "name")
            }
            try database.executeScript(Self.addMemberFunction)
            _ = try database.queryOne(
                "SELECT pg_temp.app_shell_add_member(CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT))",
                [.text(name), .text(verifier), .text(place.group)], { _ in true })
            if place.schema != "public" {
                try database.executeScript(
                    "ALTER ROLE \(Self.quoted(name)) IN DATABASE \(Self.quoted(place.database)) "
                        + "SET search_path TO \(Self.quoted(place.schema))")
            }
        }
    }

    /// Removes a member's role. Their rows stay, owned by no one who can log in: their
    /// users row is renamed `removed:<id>` (a name no member can have), so a later member
    /// of the same name starts empty.
    ///
    /// What the member made for themselves in this database (large objects, which any role
    /// may create, and default privileges, which any role may alter) goes to the
    /// administrator (`REASSIGN OWNED`), and their default privileges and the grants made to
    /// them are dropped (`DROP OWNED`), so nothing they did keeps the role alive. Objects in
    /// another database of the server are out of this connection's reach: the member is
    /// then not removed, and the error names those databases and what to run there.
    /// - Throws: `admin.not_set_up`; `admin.no_member` when `name` is not in the group;
    ///   `admin.member_owns_objects` when the member owns objects in another database.
    public func removeMember(name: String) throws {
        let place = try setUpPlace()
        try database.transaction {
            guard try isMember(name, of: place.group) else {
                throw AppError(code: "admin.no_member", message: "\(name) is no member here", field: "name")
            }
            try database.execute(
                "UPDATE users SET name = 'removed:' || id, name_key = 'removed:' || id WHERE name = ?", [.text(name)])
            if place.schema != "public" {
                try database.executeScript(
                    "ALTER ROLE \(Self.quoted(name)) IN DATABASE \(Self.quoted(place.database)) RESET ALL")
            }
            // REASSIGN and DROP OWNED need the member's privileges: the administrator takes
            // them for the rest of this transaction (the role is gone at its end).
            let member = Self.quoted(name)
            let administrator = Self.quoted(place.administrator)
            try database.executeScript(
                """
                GRANT \(member) TO \(administrator);
                REASSIGN OWNED BY \(member) TO \(administrator);
                DROP OWNED BY \(member)
                """)
            let elsewhere = try database.query(
                """
                SELECT d.datname, count(*) FROM pg_shdepend s JOIN pg_database d ON d.oid = s.dbid
                WHERE s.refclassid = 'pg_authid'::regclass AND s.refobjid = (SELECT oid FROM pg_roles WHERE rolname = ?)
                    AND d.datname <> current_database()
                GROUP BY d.datname ORDER BY d.datname
                """, [.text(name)]
            ) { row in "\(try row.int(1)) in database \(try row.string(0))" }
            guard elsewhere.isEmpty else {
                throw AppError(
                    code: "admin.member_owns_objects",
                    message: "\(name) owns objects or holds grants in other databases of this server "
                        + "(\(elsewhere.joined(separator: ", "))): in each, as its owner or a superuser, run "
                        + "REASSIGN OWNED BY \(member) TO \(administrator); DROP OWNED BY \(member); "
                        + "then remove the member again",
                    field: "name")
            }
            try database.executeScript("DROP ROLE \(member)")
        }
    }

    /// The most connections a member's role may hold at once (`CONNECTION LIMIT`): an
    /// `app-shell` holds one or two, so a member may run several, but a member with `psql`
    /// can neither take every connection the server has left for the others nor send walk
    /// requests in more transactions at once than this (each counts only its own and the
    /// committed rows: docs/postgres-internals.md, "Known limits").
    public static let memberConnectionLimit = 16

    /// The function `addMember` calls, made in the session's own temporary schema: it runs
    /// `CREATE ROLE` with the verifier it is given as a parameter, and re-raises an error
    /// with its code and message only (PL/pgSQL would add the statement, verifier included,
    /// to the error's context, which the server logs).
    static let addMemberFunction = """
        CREATE OR REPLACE FUNCTION pg_temp.app_shell_add_member(member text, verifier text, grp text) RETURNS void
        LANGUAGE plpgsql AS $function$
        BEGIN
            EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L CONNECTION LIMIT \(memberConnectionLimit) IN ROLE %I',
                member, verifier, grp);
        EXCEPTION WHEN OTHERS THEN
            RAISE EXCEPTION USING ERRCODE = SQLSTATE, MESSAGE = SQLERRM;
        END
        $function$
        """

    /// Refuses to send a verifier that the server would log with its statement: every
    /// statement logged (`log_statement = all`, `log_min_duration_statement = 0`, a sample of
    /// statements or transactions) with its parameters (`log_parameter_max_length` not 0),
    /// or `pg_stat_statements.track = all` (which keeps the text of nested statements).
    /// - Throws: `admin.password_would_be_logged`, naming the settings.
    func refuseWhereParametersAreLogged() throws {
        guard
            let settings = try database.queryOne(
                """
                SELECT current_setting('log_statement'), current_setting('log_min_duration_statement'),
                    current_setting('log_min_duration_sample'), current_setting('log_statement_sample_rate'),
                    current_setting('log_transaction_sample_rate'), current_setting('log_parameter_max_length'),
                    coalesce(current_setting('pg_stat_statements.track', true), 'none')
                """, [],
                { row in try (0..<7).map { index in try row.string(Int32(index)) } })
        else { return }
        let parameters = settings[5] != "0"
        var logged: [String] = []
        if parameters, settings[0] == "all" { logged.append("log_statement = all") }
        if parameters, settings[1] == "0" { logged.append("log_min_duration_statement = 0") }
        if parameters, settings[2] == "0", (Double(settings[3]) ?? 0) > 0 {
            logged.append("log_min_duration_sample = 0")
        }
        if parameters, (Double(settings[4]) ?? 0) > 0 {
            logged.append("log_transaction_sample_rate = \(settings[4])")
        }
        if settings[6] == "all" { logged.append("pg_stat_statements.track = all") }
        guard logged.isEmpty else {
            throw AppError(
                code: "admin.password_would_be_logged",
                message: "this server would log the new member's password verifier, from which the password "
                    + "can be guessed (\(logged.joined(separator: ", ")) with the statements' parameters); "
                    + "a superuser can set log_parameter_max_length = 0 (and pg_stat_statements.track = top) "
                    + "for this role, or add the member with psql's \\password")
        }
    }

    /// The members, by name, with whether each has used the app yet (has a users row).
    /// - Throws: `admin.not_set_up`.
    public func members() throws -> [(name: String, signedIn: Bool)] {
        let place = try setUpPlace()
        return try database.query(
            """
            SELECT r.rolname, EXISTS (SELECT 1 FROM users u WHERE u.name = r.rolname)
            FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member JOIN pg_roles g ON g.oid = m.roleid
            WHERE g.rolname = ? ORDER BY r.rolname
            """, [.text(place.group)]
        ) { row in (try row.string(0), try row.bool(1)) }
    }

    private func setUpPlace() throws -> Place {
        let place = try place()
        guard try roleExists(place.group), try setupVersion() > 0 else {
            throw AppError(code: "admin.not_set_up", message: "run admin.setup() first: \(place.group) does not exist")
        }
        return place
    }

    /// The columns of `table` in `schema`, in their order.
    private func columns(of table: String, schema: String) throws -> [String] {
        try database.query(
            """
            SELECT a.attname FROM pg_attribute a
            WHERE a.attrelid = to_regclass(format('%I.%I', CAST(? AS text), CAST(? AS text)))
                AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY a.attnum
            """, [.text(schema), .text(table)]
        ) { try $0.string(0) }
    }

    private func roleExists(_ name: String) throws -> Bool {
        try database.queryOne("SELECT 1 FROM pg_roles WHERE rolname = ?", [.text(name)], { _ in true }) ?? false
    }

    private func isMember(_ name: String, of group: String) throws -> Bool {
        try database.queryOne(
            """
            SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member JOIN pg_roles g ON g.oid = m.roleid
            WHERE r.rolname = ? AND g.rolname = ?
            """, [.text(name), .text(group)], { _ in true }) ?? false
    }

    /// A member name: a valid user name (`User.validate`) in lower case, so the role, the
    /// login and the user are one name.
    static func validate(memberName name: String) throws {
        try User.validate(name: name)
        guard name == name.lowercased() else {
            throw AppError.invalidArgument(
                "a member name is lower case (it is the login name), got '\(name)'", field: "name")
        }
    }

    /// A password: 8 characters to 1024 bytes, no NUL, and left alone by SASLprep. The
    /// message never holds the password.
    static func validate(password: String) throws {
        guard password.count >= minimumPasswordCharacters, password.utf8.count <= maximumPasswordBytes else {
            throw AppError.invalidArgument(
                "a password is \(minimumPasswordCharacters) characters to \(maximumPasswordBytes) bytes long",
                field: "password")
        }
        guard Self.isStableUnderSASLprep(password) else {
            throw AppError.invalidArgument(
                "a password may hold printable ASCII, Hangul syllables, CJK ideographs and emoji only",
                field: "password")
        }
    }

    /// Whether SASLprep leaves `password` as it is for certain: printable ASCII, and letters
    /// of scripts NFKC does not change (Hangul syllables, CJK, most emoji). libpq applies
    /// SASLprep before it makes the verifier and the server again at each login; a password
    /// it would change (compatibility characters, non-ASCII spaces) is refused instead.
    static func isStableUnderSASLprep(_ password: String) -> Bool {
        password.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x20...0x7E: true  // printable ASCII and the space, which SASLprep keeps
            case 0xAC00...0xD7A3: true  // precomposed Hangul syllables
            case 0x4E00...0x9FFF: true  // CJK unified ideographs
            case 0x1F300...0x1FAFF: true  // pictographs and emoji
            default: false
            }
        }
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacing("\"", with: "\"\"") + "\"" }
}
