import Core

/// The tables Core's types need, owned by Storage (Core has no SQL): the users, and the
/// inbox of events other people's actions leave for them.
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
        // Rows are written only by the database itself: triggers of the tables whose changes
        // they report (walks, mates). `params` is a JSON object of strings, and of numbers of
        // milliseconds under keys ending in `_at`. `delivered_at` says a running loop has
        // handed the row to its hooks; the partial index keeps looking for new rows cheap
        // however long the inbox grows.
        Migration(
            version: 3, summary: "the inbox of events other people's actions leave",
            sql: """
                CREATE TABLE inbox (
                    id INTEGER PRIMARY KEY,
                    recipient_id TEXT NOT NULL REFERENCES users (id),
                    name TEXT NOT NULL,
                    params TEXT NOT NULL,
                    occurred_at INTEGER NOT NULL,
                    delivered_at INTEGER
                );
                CREATE INDEX inbox_by_recipient ON inbox (recipient_id, id);
                CREATE INDEX inbox_undelivered ON inbox (recipient_id, id) WHERE delivered_at IS NULL;
                """),
        // No instant column holds a number outside the years 1 to 9999: the app's arithmetic
        // on one read back would overflow (a CHECK on PostgreSQL; see
        // InstantColumnChecks). A set-up server gets it from admin.setup().
        InstantColumnChecks.migration(
            version: 4, columns: [("users", ["created_at"]), ("inbox", ["occurred_at", "delivered_at"])]),
        // PostgreSQL: a new inbox row wakes its recipient only, on a channel named by a hash
        // of a random key (one row no member may read) and the recipient's id
        // (`inboxChannelPrefix`), since any session may LISTEN on any name and a shared
        // channel told every listener when, and through the notifying process, who sent
        // something. The recipient learns its channel from `inbox_channel(id)`, which a
        // set-up server answers for the member's own id only (admin.setup()). SQLite has no
        // notifications: nothing to do.
        Migration(
            version: 5, summary: "inbox wake-ups on a channel of the recipient's",
            sql: "-- nothing on SQLite",
            postgreSQL: """
                CREATE TABLE inbox_channel_keys (key TEXT NOT NULL);
                INSERT INTO inbox_channel_keys (key) VALUES (
                    encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'));
                CREATE FUNCTION inbox_channel_of(p_user text) RETURNS text LANGUAGE sql STABLE AS $fn$
                    SELECT '\(inboxChannelPrefix)'
                        || left(encode(sha256(convert_to(k.key || ':' || p_user, 'UTF8')), 'hex'), 40)
                    FROM inbox_channel_keys k LIMIT 1
                $fn$;
                CREATE FUNCTION inbox_channel(p_user text) RETURNS text LANGUAGE sql STABLE AS $fn$
                    SELECT inbox_channel_of(p_user)
                $fn$;
                CREATE FUNCTION inbox_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    -- A wake-up only: notifications ignore row-level security, so they carry nothing.
                    PERFORM pg_notify(inbox_channel_of(NEW.recipient_id), '');
                    RETURN NULL;
                END
                $fn$;
                CREATE TRIGGER inbox_notify AFTER INSERT ON inbox FOR EACH ROW EXECUTE FUNCTION inbox_notify();
                """),
    ]

    /// The start of every inbox channel's name (`inbox_channel(id)`), followed by 40 hex
    /// digits.
    public static let inboxChannelPrefix = "app_inbox_"

    /// Core's schema as a migrator module.
    public static var migratorModule: Migrator.Module { Migrator.Module(name: module, migrations: migrations) }
}
