import Core

/// Brings each module's tables up to date, once, at start-up.
///
/// The version of every module is kept in `schema_versions`. When nothing is missing the
/// check is two reads, so a normal start writes nothing. When something is missing, all
/// of it is applied in one `BEGIN IMMEDIATE` transaction after reading the versions again
/// inside it, so two processes starting on a new file at once apply each step once.
public struct Migrator: Sendable {
    /// One module's name and schema steps.
    public struct Module: Sendable {
        /// The module's name, its key in `schema_versions`.
        public let name: String
        /// Its steps, versions 1, 2, 3 ...
        public let migrations: [Migration]

        /// A module's schema.
        public init(name: String, migrations: [Migration]) {
            self.name = name
            self.migrations = migrations
        }
    }

    private let database: any Database

    /// A migrator that applies steps to `database` and keeps their versions in it.
    public init(database: any Database) { self.database = database }

    /// Applies every missing step and returns them as `(module, version)` in order.
    /// - Throws: `storage.bad_migrations` when a module's versions are not 1, 2, 3 ...;
    ///   `storage.schema_too_new` when the file was written by a newer AppShell; or the
    ///   failing step's error, after which nothing of this run is applied.
    /// - Parameter known: the versions when the caller has just read them (`versions()`);
    ///   they decide only whether anything is missing, and are read again inside the
    ///   transaction that applies it.
    @discardableResult
    public func migrate(_ modules: [Module], known: [String: Int]? = nil) throws -> [(module: String, version: Int)] {
        for module in modules {
            for (index, migration) in module.migrations.enumerated() where migration.version != index + 1 {
                let message = "\(module.name)'s migration #\(index + 1) has version \(migration.version)"
                throw StorageError(.badMigrations, message: message)
            }
        }
        guard try hasMissing(modules, in: try known ?? versions()) else { return [] }
        return try database.transaction {
            if database.dialect.name == .postgreSQL { try Self.takeTurn(database, schema: nil) }
            try database.executeScript(
                """
                CREATE TABLE IF NOT EXISTS schema_versions (
                    module TEXT PRIMARY KEY NOT NULL,
                    version INTEGER NOT NULL
                )
                """)
            let current = try versions()
            var applied: [(module: String, version: Int)] = []
            for module in modules {
                let have = current[module.name] ?? 0
                for migration in module.migrations where migration.version > have {
                    try database.executeScript(Self.script(of: migration, for: database.dialect))
                    applied.append((module.name, migration.version))
                }
                guard let last = module.migrations.last, last.version > have else { continue }
                if have == 0 {
                    try database.execute(
                        "INSERT INTO schema_versions (module, version) VALUES (?, ?)",
                        [.text(module.name), .int(last.version)])
                } else {
                    try database.execute(
                        "UPDATE schema_versions SET version = ? WHERE module = ?",
                        [.int(last.version), .text(module.name)])
                }
            }
            return applied
        }
    }

    /// On PostgreSQL, which has no `BEGIN IMMEDIATE`, makes those who change the schema
    /// take turns until the transaction ends, so that apps or administrators starting at
    /// once apply each step once: the versions read after it see what the one before
    /// applied. Once `schema_versions` exists (in `schema`, or the first schema of the
    /// search path when nil) the turn is a `SHARE ROW EXCLUSIVE` lock on it, which conflicts
    /// with itself and not with reading: a member, who may only read that table, can neither
    /// take it nor hold it up. Before it exists, on a schema no member has yet, an advisory
    /// lock ("AppShell" in ASCII). Changing the schema may take longer than the 30 seconds
    /// every statement of the app is held to (an index over a large table), so the rest of
    /// this transaction has no `statement_timeout`; `lock_timeout` still bounds each wait.
    public static func takeTurn(_ database: any Database, schema: String?) throws {
        let table = schema.map { PostgresDatabase.quoted($0) + ".schema_versions" } ?? "schema_versions"
        let exists = try database.queryOne("SELECT to_regclass(?) IS NOT NULL", [.text(table)]) { try $0.bool(0) }
        try database.execute("SET LOCAL statement_timeout = 0")
        if exists == true {
            try database.execute("LOCK TABLE \(table) IN SHARE ROW EXCLUSIVE MODE")
        } else {
            try database.execute("SELECT pg_advisory_xact_lock(4715392313392983148)")
        }
    }

    /// The first module whose recorded version is behind its last step, with both versions;
    /// nil when nothing is missing (for a login that may not change the schema).
    /// - Throws: `storage.schema_too_new` when the database is ahead of this app-shell.
    /// - Parameter known: the versions when the caller has read them (`versions()`).
    public func firstMissing(_ modules: [Module], known: [String: Int]? = nil) throws -> (
        module: String, have: Int, need: Int
    )? {
        let current = try known ?? versions()
        guard try hasMissing(modules, in: current) else { return nil }
        for module in modules {
            let have = current[module.name] ?? 0
            let need = module.migrations.last?.version ?? 0
            if have < need { return (module.name, have, need) }
        }
        return nil
    }

    /// The recorded version of every module (0 for none).
    public func versions() throws -> [String: Int] {
        let exists = try database.queryOne(
            database.dialect.name == .sqlite
                ? "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_versions'"
                // The catalog's own lookup: information_schema.tables checks privileges on every
                // table of the database, 2.7 ms of every start against 0.2 ms (measured).
                : "SELECT 1 WHERE to_regclass(quote_ident(current_schema()) || '.schema_versions') IS NOT NULL"
        ) { _ in true }
        guard exists == true else { return [:] }
        var result: [String: Int] = [:]
        try database.forEach("SELECT module, version FROM schema_versions") { row in
            result[try row.string(0)] = try row.int(1)
        }
        return result
    }

    /// The text of `migration` for `dialect`: its own where it has one.
    static func script(of migration: Migration, for dialect: SQLDialect) -> String {
        switch dialect.name {
        case .sqlite: migration.sql
        case .postgreSQL: migration.postgreSQL ?? dialect.schema(migration.sql)
        }
    }

    private func hasMissing(_ modules: [Module], in versions: [String: Int]) throws -> Bool {
        var missing = false
        for module in modules {
            let have = versions[module.name] ?? 0
            let known = module.migrations.last?.version ?? 0
            if have > known {
                throw StorageError(
                    .schemaTooNew,
                    message: "the database has \(module.name) schema version \(have), "
                        + "but this app-shell knows only up to \(known); use a newer app-shell")
            }
            if have < known { missing = true }
        }
        return missing
    }
}
