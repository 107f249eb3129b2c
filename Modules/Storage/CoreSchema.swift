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
                """)
    ]

    /// Core's schema as a migrator module.
    public static var migratorModule: Migrator.Module { Migrator.Module(name: module, migrations: migrations) }
}
