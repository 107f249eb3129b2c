import Core

/// The tables Core's types need, owned by Storage (Core has no SQL): the users, the inbox
/// of events other people's actions leave for them, the daily counts of the tables with a
/// daily limit, who blocked whom, and reports.
public enum CoreSchema {
    /// The migration key.
    public static let module = "core"

    /// The limit of step 11.
    private static var reportLimits: [(table: String, rules: [TextLengthChecks.Rule])] {
        [("reports", [.text("message", maximum: Report.maximumMessageLength)])]
    }

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
        // set-up server answered for the member's own id only. SQLite has no notifications:
        // nothing to do. Step 16 takes it all away again.
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
        // What each person added today to a table with a daily limit (`DailyQuota`): one
        // row per person, kind and day (days since 1970, UTC), counted by the table's
        // trigger and never given back when a row is deleted. Only that trigger writes it.
        Migration(
            version: 6, summary: "daily counts for the tables with a daily limit",
            sql: """
                CREATE TABLE daily_counts (
                    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    kind TEXT NOT NULL,
                    day INTEGER NOT NULL,
                    used INTEGER NOT NULL,
                    PRIMARY KEY (user_id, kind, day)
                ) WITHOUT ROWID;
                """),
        // Who blocked whom (`BlockList`): one row per block, read both ways (the index on
        // `blocked_id` finds who blocked someone).
        Migration(
            version: 7, summary: "blocks between people",
            sql: """
                CREATE TABLE user_blocks (
                    blocker_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    blocked_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (blocker_id, blocked_id),
                    CHECK (blocker_id <> blocked_id)
                ) WITHOUT ROWID;
                CREATE INDEX user_blocks_blocked ON user_blocks (blocked_id, blocker_id);
                """),
        InstantColumnChecks.migration(version: 8, columns: [("user_blocks", ["created_at"])]),
        // Reports of a person, a story or a comment (`ReportStore`): one per reporter and
        // thing; the moderator's queue reads them by status, newest first. A report names
        // its target by kind and id, and no feature's table: Core's schema comes first.
        Migration(
            version: 9, summary: "reports",
            sql: """
                CREATE TABLE reports (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    reporter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    target_kind TEXT NOT NULL CHECK (target_kind IN ('user', 'story', 'comment')),
                    target_id TEXT NOT NULL,
                    reason TEXT NOT NULL CHECK (reason IN ('spam', 'harassment', 'inappropriate', 'other')),
                    message TEXT,
                    status TEXT NOT NULL CHECK (status IN ('pending', 'reviewed', 'resolved')),
                    created_at INTEGER NOT NULL,
                    UNIQUE (reporter_id, target_kind, target_id)
                );
                CREATE INDEX reports_by_status ON reports (status, created_at DESC, seq DESC);
                """),
        InstantColumnChecks.migration(version: 10, columns: [("reports", ["created_at"])]),
        TextLengthChecks.migration(
            version: 11, summary: "a report's message within the app's limit", tables: reportLimits),
        reportQuota.migration(version: 12),
        // A moderator's resolution of a report: what was done, by whom, when; one a report.
        // Its key is the report's (not an identity column on PostgreSQL).
        Migration(
            version: 13, summary: "resolutions of reports",
            sql: """
                CREATE TABLE report_resolutions (
                    report_seq INTEGER NOT NULL PRIMARY KEY REFERENCES reports (seq) ON DELETE CASCADE,
                    action TEXT NOT NULL CHECK (action IN ('dismiss', 'hide', 'remove_member')),
                    resolved_by TEXT NOT NULL,
                    resolved_at INTEGER NOT NULL
                );
                """),
        // The notification list is the inbox (`NotificationList`): who caused each entry (a
        // block hides it), what it is about, and when its recipient read it. Entries older
        // than this step carry neither until their feature's step fills them in.
        Migration(
            version: 14, summary: "inbox entries with their actor, subject and read mark",
            sql: """
                ALTER TABLE inbox ADD COLUMN actor_id TEXT;
                ALTER TABLE inbox ADD COLUMN subject_id TEXT;
                ALTER TABLE inbox ADD COLUMN read_at INTEGER;
                CREATE INDEX inbox_unread ON inbox (recipient_id, id) WHERE read_at IS NULL;
                CREATE INDEX inbox_by_subject ON inbox (subject_id);
                """),
        InstantColumnChecks.migration(version: 15, columns: [("inbox", ["read_at"])]),
        // Nothing notifies: a waiting loop reads its inbox (`InboxWatcher`), since a NOTIFY
        // held a lock of the whole server through the sender's commit and woke every
        // listening session of the database. The channels' functions and key go with it.
        Migration(
            version: 16, summary: "no inbox wake-ups (PostgreSQL)", sql: "",
            postgreSQL: """
                DROP TRIGGER inbox_notify ON inbox;
                DROP FUNCTION inbox_notify();
                DROP FUNCTION inbox_channel(text);
                DROP FUNCTION inbox_channel_of(text);
                DROP TABLE inbox_channel_keys;
                """),
        // Each claim of a waiting loop carries a token of its own (`InboxWatcher`): when the
        // connection is lost before the claim's answer arrives, the loop asks for that
        // token's entries once it can read again, so none is marked delivered and lost.
        Migration(
            version: 17, summary: "inbox claims carry their loop's token",
            sql: "ALTER TABLE inbox ADD COLUMN claim TEXT CHECK (claim IS NULL OR length(claim) <= 64);"),
        RarerVacuum.migration(version: 18, tables: ["inbox"]),
        // A report's message within its bytes too (`TextLengthChecks.byteMigration`).
        TextLengthChecks.byteMigration(version: 19, tables: reportLimits),
    ]

    /// At most `Report.maximumPerDay` reports a day from one person.
    public static let reportQuota = DailyQuota(
        kind: "reports", table: "reports", userColumn: "reporter_id", maximum: Report.maximumPerDay)

    /// The start of every inbox channel's name from step 5 to step 16, followed by 40 hex
    /// digits (released steps keep their text).
    public static let inboxChannelPrefix = "app_inbox_"

    /// Core's schema as a migrator module.
    public static var migratorModule: Migrator.Module { Migrator.Module(name: module, migrations: migrations) }
}
