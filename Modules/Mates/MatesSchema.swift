import Core
import Storage

/// The Mates module's tables: invites, wrong-code attempts, the (symmetric) mate links, reports.
enum MatesSchema {
    static let migrations: [Migration] = [
        Migration(
            version: 1, summary: "invites, attempts, mates and reports",
            sql: """
                CREATE TABLE mate_invites (
                    code TEXT PRIMARY KEY NOT NULL,
                    inviter_id TEXT NOT NULL REFERENCES users (id),
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used_by TEXT REFERENCES users (id)
                ) WITHOUT ROWID;
                CREATE TABLE mate_attempts (
                    user_id TEXT NOT NULL REFERENCES users (id),
                    at INTEGER NOT NULL
                );
                CREATE INDEX mate_attempts_by_user ON mate_attempts (user_id, at);
                CREATE TABLE mates (
                    user_id TEXT NOT NULL REFERENCES users (id),
                    mate_id TEXT NOT NULL REFERENCES users (id),
                    since INTEGER NOT NULL,
                    PRIMARY KEY (user_id, mate_id)
                ) WITHOUT ROWID;
                CREATE TABLE mate_reports (
                    id INTEGER PRIMARY KEY,
                    reporter_id TEXT NOT NULL REFERENCES users (id),
                    reported_id TEXT NOT NULL REFERENCES users (id),
                    reason TEXT NOT NULL CHECK (reason IN ('violent_on_walk', 'offensive_language', 'other')),
                    message TEXT,
                    created_at INTEGER NOT NULL
                );
                """),
        Migration(
            version: 2, summary: "wrong codes counted by time across users",
            sql: "CREATE INDEX mate_attempts_by_time ON mate_attempts (at);"),
        // Someone using your invite code leaves `mates.joined` in your inbox, written by the
        // database when the link is made (so also by the server's mate_join()). Of the pair's
        // two rows, the one whose user is the inviter of the latest used invite between the
        // two tells: after an unlink either of them may have invited the other.
        Migration(
            version: 3, summary: "joining by your code reaches your inbox",
            sql: """
                CREATE TRIGGER mates_inbox_joined AFTER INSERT ON mates
                WHEN EXISTS (\(latestInvite("i")))
                BEGIN
                    INSERT INTO inbox (recipient_id, name, params, occurred_at) VALUES (
                        NEW.user_id, 'mates.joined',
                        json_object(
                            'mate', (SELECT u.name FROM users u WHERE u.id = NEW.mate_id),
                            'code', (\(latestInvite("i", select: "i.code")) ORDER BY i.created_at DESC LIMIT 1)),
                        NEW.since);
                END;
                """,
            postgreSQL: """
                CREATE FUNCTION mates_inbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
                DECLARE
                    v_code text;
                BEGIN
                    \(latestInvite("i", select: "i.code")) ORDER BY i.created_at DESC LIMIT 1 INTO v_code;
                    IF v_code IS NULL THEN
                        RETURN NULL;
                    END IF;
                    INSERT INTO inbox (recipient_id, name, params, occurred_at) VALUES (
                        NEW.user_id, 'mates.joined',
                        json_build_object(
                            'mate', (SELECT u.name FROM users u WHERE u.id = NEW.mate_id), 'code', v_code)::text,
                        NEW.since);
                    -- A wake-up only: notifications ignore row-level security, so they carry nothing.
                    PERFORM pg_notify('app_inbox', '');
                    RETURN NULL;
                END
                $fn$;
                CREATE TRIGGER mates_inbox AFTER INSERT ON mates FOR EACH ROW EXECUTE FUNCTION mates_inbox();
                """),
        // No instant column holds a number outside the years 1 to 9999: the app's arithmetic
        // on one read back would overflow (a CHECK on PostgreSQL; see
        // InstantColumnChecks). A set-up server gets it from admin.setup().
        InstantColumnChecks.migration(
            version: 4,
            columns: [
                ("mate_invites", ["created_at", "expires_at"]), ("mate_attempts", ["at"]), ("mates", ["since"]),
                ("mate_reports", ["created_at"]),
            ]),
        // The inbox wakes each recipient itself, on a channel of theirs (Core's step 5): the
        // trigger no longer notifies everyone's shared channel. SQLite never notified.
        Migration(
            version: 5, summary: "the inbox's own trigger wakes the recipient",
            sql: "-- nothing on SQLite",
            postgreSQL: """
                CREATE OR REPLACE FUNCTION mates_inbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
                DECLARE
                    v_code text;
                BEGIN
                    \(latestInvite("i", select: "i.code")) ORDER BY i.created_at DESC LIMIT 1 INTO v_code;
                    IF v_code IS NULL THEN
                        RETURN NULL;
                    END IF;
                    INSERT INTO inbox (recipient_id, name, params, occurred_at) VALUES (
                        NEW.user_id, 'mates.joined',
                        json_build_object(
                            'mate', (SELECT u.name FROM users u WHERE u.id = NEW.mate_id), 'code', v_code)::text,
                        NEW.since);
                    RETURN NULL;
                END
                $fn$;
                """),
        // The app's limits are the database's: a report's message of at
        // most 100 characters (`String.databaseLength`); a code of the app's shape.
        TextLengthChecks.migration(
            version: 6, summary: "reports and codes within the app's limits",
            tables: [
                ("mate_reports", [.text("message", maximum: ManageMates.maximumReportMessageLength)]),
                ("mate_invites", [.text("code", maximum: InviteCode.length, nonEmpty: true)]),
            ]),
        // A link is two rows, one each way, and either person may end it: on a server the
        // database ends both together, since a member deleting one row in SQL would keep
        // the other and could still ask the other for walks. On SQLite the app deletes both.
        Migration(
            version: 7, summary: "a mate link ends both ways at once (PostgreSQL)", sql: "",
            postgreSQL: """
                CREATE FUNCTION mates_unlink_pair() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    DELETE FROM mates WHERE user_id = OLD.mate_id AND mate_id = OLD.user_id;
                    RETURN NULL;
                END
                $fn$;
                CREATE TRIGGER mates_unlink_pair AFTER DELETE ON mates
                    FOR EACH ROW EXECUTE FUNCTION mates_unlink_pair();
                """),
        // `mates.joined` names the mate who joined as its actor (a block hides it) and its
        // subject; the entries written before say theirs too, from the link made at that
        // instant (not by the name they hold, which a removed member's successor may hold
        // now); an entry whose link has ended since keeps neither.
        Migration(
            version: 8, summary: "inbox entries name the mate who joined",
            sql: """
                DROP TRIGGER mates_inbox_joined;
                CREATE TRIGGER mates_inbox_joined AFTER INSERT ON mates
                WHEN EXISTS (\(latestInvite("i")))
                BEGIN
                    INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id) VALUES (
                        NEW.user_id, 'mates.joined',
                        json_object(
                            'mate', (SELECT u.name FROM users u WHERE u.id = NEW.mate_id),
                            'code', (\(latestInvite("i", select: "i.code")) ORDER BY i.created_at DESC LIMIT 1)),
                        NEW.since, NEW.mate_id, NEW.mate_id);
                END;
                \(joinedActors)
                """,
            postgreSQL: """
                CREATE OR REPLACE FUNCTION mates_inbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
                DECLARE
                    v_code text;
                BEGIN
                    \(latestInvite("i", select: "i.code")) ORDER BY i.created_at DESC LIMIT 1 INTO v_code;
                    IF v_code IS NULL THEN
                        RETURN NULL;
                    END IF;
                    INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id) VALUES (
                        NEW.user_id, 'mates.joined',
                        json_build_object(
                            'mate', (SELECT u.name FROM users u WHERE u.id = NEW.mate_id), 'code', v_code)::text,
                        NEW.since, NEW.mate_id, NEW.mate_id);
                    RETURN NULL;
                END
                $fn$;
                \(joinedActors)
                """),
    ]

    /// The entries `mates.joined` written before step 8: the mate of the recipient's link
    /// made at the entry's instant.
    private static let joinedActors = """
        UPDATE inbox SET actor_id = (
                SELECT m.mate_id FROM mates m WHERE m.user_id = inbox.recipient_id AND m.since = inbox.occurred_at
                ORDER BY m.mate_id LIMIT 1)
            WHERE name = 'mates.joined' AND actor_id IS NULL;
        UPDATE inbox SET subject_id = actor_id WHERE name = 'mates.joined' AND subject_id IS NULL;
        """

    /// The invites `NEW.user_id` made that `NEW.mate_id` used, with none newer the other way
    /// round: `NEW.user_id` is the inviter of this join.
    private static func latestInvite(_ alias: String, select: String = "1") -> String {
        """
        SELECT \(select) FROM mate_invites \(alias)
                    WHERE \(alias).inviter_id = NEW.user_id AND \(alias).used_by = NEW.mate_id AND NOT EXISTS (
                        SELECT 1 FROM mate_invites j WHERE j.inviter_id = NEW.mate_id AND j.used_by = NEW.user_id
                            AND j.created_at > \(alias).created_at)
        """
    }
}
