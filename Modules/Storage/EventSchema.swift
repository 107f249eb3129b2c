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
                """),
        // Every event carries its user; ids never repeat (event_backlog.last_id only grows,
        // so a flushed batch's ids are never given again and a sink may deduplicate on them;
        // one counter update per commit instead of AUTOINCREMENT's per row); the backlog's
        // size and each user's dropped events are counted. event_params loses its cascading
        // foreign key, whose per-row action made dropping the oldest events cost more than
        // storing them (the store deletes params itself, by id range), so both tables are
        // rebuilt. An event names its user by a small number (event_users): the user's id
        // in every row made the rows twice as long, and storing them a sixth slower. Events stored before this step have no user:
        // no one lists or sends them, and the backlog cap drops them first (they are oldest).
        Migration(
            version: 2, summary: "events carry their user; ids never repeat; a bounded backlog",
            sql: """
                ALTER TABLE event_params RENAME TO event_params_v1;
                ALTER TABLE events RENAME TO events_v1;
                CREATE TABLE event_users (
                    number INTEGER PRIMARY KEY,
                    user_id TEXT NOT NULL UNIQUE
                );
                CREATE TABLE events (
                    id INTEGER PRIMARY KEY,
                    user_number INTEGER,
                    name TEXT NOT NULL,
                    view TEXT,
                    occurred_at INTEGER NOT NULL
                );
                CREATE TABLE event_params (
                    event_id INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    key TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (event_id, position)
                ) WITHOUT ROWID;
                INSERT INTO events (id, user_number, name, view, occurred_at)
                    SELECT id, NULL, name, view, occurred_at FROM events_v1 ORDER BY id;
                INSERT INTO event_params (event_id, position, key, value)
                    SELECT event_id, position, key, value FROM event_params_v1;
                DROP TABLE event_params_v1;
                DROP TABLE events_v1;
                CREATE TABLE event_backlog (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    stored INTEGER NOT NULL,
                    last_id INTEGER NOT NULL
                );
                INSERT INTO event_backlog (id, stored, last_id) SELECT 1, count(*), coalesce(max(id), 0) FROM events;
                CREATE TABLE event_drops (
                    user_id TEXT PRIMARY KEY NOT NULL,
                    count INTEGER NOT NULL,
                    last_id INTEGER NOT NULL,
                    last_occurred_at INTEGER NOT NULL
                ) WITHOUT ROWID;
                """),
    ]

    /// The schema as a migrator module.
    public static var migratorModule: Migrator.Module { Migrator.Module(name: module, migrations: migrations) }
}
