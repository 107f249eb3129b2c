import Core
import Storage

/// The Mates module's tables: invites, wrong-code attempts, the (symmetric) mate links, reports.
enum MatesSchema {
    /// The limits of step 6.
    private static var limits: [(table: String, rules: [TextLengthChecks.Rule])] {
        [
            ("mate_reports", [.text("message", maximum: ManageMates.maximumReportMessageLength)]),
            ("mate_invites", [.text("code", maximum: InviteCode.length, nonEmpty: true)]),
        ]
    }

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
        TextLengthChecks.migration(version: 6, summary: "reports and codes within the app's limits", tables: limits),
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
        // Profile drops (`ManageDrops`): a code alive 30 seconds, caught once, confirmed by
        // both; at most `ManageDrops.maximumPerMinute` a minute from one person (a trigger, so
        // a member in psql is held to it too); a code unique among live drops. Each change of state leaves `mates.drop` in the inbox of the people it
        // concerns, written by the database (so also by the server's functions): the dropper
        // learns of the catch and its words; both learn how it ended.
        Migration(
            version: 9, summary: "profile drops: meeting in person with a code alive 30 seconds",
            sql: """
                \(dropsTable(integer: "INTEGER"))
                CREATE TRIGGER mate_drops_rate BEFORE INSERT ON mate_drops
                WHEN (SELECT count(*) FROM mate_drops d WHERE d.dropper_id = NEW.dropper_id
                    AND d.created_at > NEW.created_at - 60000) >= \(ManageDrops.maximumPerMinute)
                BEGIN
                    SELECT RAISE(ABORT, '\(dropRateMessage)');
                END;
                CREATE TRIGGER mate_drops_inbox_caught AFTER UPDATE OF status ON mate_drops
                WHEN NEW.status = 'caught' AND OLD.status = 'waiting'
                BEGIN
                    INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id) VALUES (
                        NEW.dropper_id, 'mates.drop',
                        json_object('id', NEW.id, 'state', 'success', 'from',
                            (SELECT u.name FROM users u WHERE u.id = NEW.catcher_id), 'words', NEW.words),
                        NEW.caught_at, NEW.catcher_id, NEW.id);
                END;
                CREATE TRIGGER mate_drops_inbox_ended AFTER UPDATE OF status ON mate_drops
                WHEN NEW.status IN ('finished', 'cancelled', 'expired') AND OLD.status IN ('waiting', 'caught')
                BEGIN
                    INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id)
                    SELECT p.person, 'mates.drop',
                        json_object('id', NEW.id, 'state', \(endedState), 'with',
                            (SELECT u.name FROM users u WHERE u.id = p.other)),
                        coalesce(NEW.ended_at, NEW.expires_at), p.other, NEW.id
                    FROM (SELECT NEW.dropper_id AS person, NEW.catcher_id AS other
                        UNION ALL SELECT NEW.catcher_id, NEW.dropper_id WHERE NEW.catcher_id IS NOT NULL) p;
                END;
                """,
            postgreSQL: """
                \(dropsTable(integer: "BIGINT"))
                CREATE FUNCTION mate_drops_inbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    IF NEW.status = 'caught' AND OLD.status = 'waiting' THEN
                        INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id) VALUES (
                            NEW.dropper_id, 'mates.drop',
                            json_build_object('id', NEW.id, 'state', 'success', 'from',
                                (SELECT u.name FROM users u WHERE u.id = NEW.catcher_id), 'words', NEW.words)::text,
                            NEW.caught_at, NEW.catcher_id, NEW.id);
                    ELSIF NEW.status IN ('finished', 'cancelled', 'expired') AND OLD.status IN ('waiting', 'caught') THEN
                        INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id)
                        SELECT p.person, 'mates.drop',
                            json_build_object('id', NEW.id, 'state', \(endedState), 'with',
                                (SELECT u.name FROM users u WHERE u.id = p.other))::text,
                            coalesce(NEW.ended_at, NEW.expires_at), p.other, NEW.id
                        FROM (SELECT NEW.dropper_id AS person, NEW.catcher_id AS other
                            UNION ALL SELECT NEW.catcher_id, NEW.dropper_id WHERE NEW.catcher_id IS NOT NULL) p;
                    END IF;
                    RETURN NULL;
                END
                $fn$;
                CREATE TRIGGER mate_drops_inbox AFTER UPDATE OF status ON mate_drops
                    FOR EACH ROW EXECUTE FUNCTION mate_drops_inbox();
                \(dropRate.postgreSQL)
                ALTER TABLE mate_drops ADD CONSTRAINT mate_drops_code_limit CHECK (char_length(code) = \(InviteCode.length));
                ALTER TABLE mate_drops ADD CONSTRAINT mate_drops_life CHECK (expires_at = created_at + \(ManageDrops.lifetime * 1000));
                """),
        // Text within its bytes too (`TextLengthChecks.byteMigration`).
        TextLengthChecks.byteMigration(version: 10, tables: limits),
    ]

    /// The drops' table (step 9) in either backend's integer type.
    private static func dropsTable(integer: String) -> String {
        """
        CREATE TABLE mate_drops (
            id TEXT PRIMARY KEY NOT NULL,
            code TEXT NOT NULL,
            dropper_id TEXT NOT NULL REFERENCES users (id),
            catcher_id TEXT REFERENCES users (id),
            words TEXT CHECK (words IS NULL OR length(words) <= 40),
            status TEXT NOT NULL CHECK (status IN ('waiting', 'caught', 'finished', 'cancelled', 'expired')),
            created_at \(integer) NOT NULL,
            expires_at \(integer) NOT NULL,
            caught_at \(integer),
            dropper_confirmed_at \(integer),
            catcher_confirmed_at \(integer),
            ended_at \(integer)
        );
        CREATE UNIQUE INDEX mate_drops_live_code ON mate_drops (code) WHERE status IN ('waiting', 'caught');
        CREATE INDEX mate_drops_by_code ON mate_drops (code);
        CREATE INDEX mate_drops_by_dropper ON mate_drops (dropper_id, created_at);
        CREATE INDEX mate_drops_by_catcher ON mate_drops (catcher_id);
        CREATE INDEX mate_drops_live ON mate_drops (status, expires_at);
        """
    }

    /// The message of the drops' rate trigger, which `ManageDrops` turns into
    /// `mates.too_many_drops`.
    static let dropRateMessage = "mate_drops: at most \(ManageDrops.maximumPerMinute) drops a minute"
    /// `ManageDrops.maximumPerMinute` drops a minute from one dropper, on PostgreSQL.
    static let dropRate = MinuteRate(
        table: "mate_drops", alias: "d", userColumn: "dropper_id", maximum: ManageDrops.maximumPerMinute,
        message: dropRateMessage)

    /// A drop's state in its `mates.drop` entry once it ended (`DropState`).
    private static let endedState = """
        CASE NEW.status WHEN 'finished' THEN 'finished' WHEN 'expired' THEN \
        CASE WHEN NEW.catcher_id IS NULL THEN 'cannot_find_peer' ELSE 'failure' END ELSE 'failure' END
        """

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
