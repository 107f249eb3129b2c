import Core

/// The tables of Core's event collector, owned by Storage (Core has no SQL).
public enum EventSchema {
    /// The migration key.
    public static let module = "events"

    /// The schema steps.
    public static let migrations: [Migration] = [
        Migration(
            version: 1, summary: "events and their params",
            sql: """
                CREATE TABLE events (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    view TEXT,
                    occurred_at INTEGER NOT NULL
                );
                CREATE TABLE event_params (
                    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    key TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (event_id, position)
                ) WITHOUT ROWID;
                """)
    ]

    /// The schema as a migrator module.
    public static var migratorModule: Migrator.Module { Migrator.Module(name: module, migrations: migrations) }
}
