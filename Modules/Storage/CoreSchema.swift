import Core

/// The tables Core's types need, owned by Storage (Core has no SQL): the users.
public enum CoreSchema {
    /// The migration key.
    public static let module = "core"

    /// Core's schema steps.
    public static let migrations: [Migration] = [
        Migration(
            version: 1, summary: "users",
            sql: """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL UNIQUE,
                    created_at INTEGER NOT NULL
                );
                """),
        // User names are ASCII (`User.validate`), so SQLite's lower() folds them fully.
        // Names that already differ only by case are all kept: the oldest holds the key
        // and signs in by any case, the others only by their exact name; no new one can
        // be made.
        Migration(
            version: 2, summary: "user names unique ignoring case",
            sql: """
                ALTER TABLE users ADD COLUMN name_key TEXT;
                UPDATE users SET name_key = lower(name)
                    WHERE rowid IN (SELECT min(rowid) FROM users GROUP BY lower(name));
                CREATE UNIQUE INDEX users_by_name_key ON users (name_key);
                """,
            // PostgreSQL has no rowid: the oldest user of each folded name holds the key.
            postgreSQL: """
                ALTER TABLE users ADD COLUMN name_key TEXT;
                UPDATE users SET name_key = lower(name) WHERE id IN (
                    SELECT DISTINCT ON (lower(name)) id FROM users ORDER BY lower(name), created_at, id);
                CREATE UNIQUE INDEX users_by_name_key ON users (name_key);
                """),
    ]

    /// Core's schema as a migrator module.
    public static var migratorModule: Migrator.Module { Migrator.Module(name: module, migrations: migrations) }
}
