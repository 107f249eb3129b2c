import Core
import Storage
import Time

/// The Walks module's tables: requests between mates, and walk logs.
enum WalksSchema {
    static let migrations: [Migration] = [
        Migration(
            version: 1, summary: "walk requests and walk logs",
            sql: """
                CREATE TABLE walk_requests (
                    id TEXT PRIMARY KEY NOT NULL,
                    sender_id TEXT NOT NULL REFERENCES users (id),
                    recipient_id TEXT NOT NULL REFERENCES users (id),
                    message TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    place_name TEXT,
                    status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled')),
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL
                );
                CREATE INDEX walk_requests_in ON walk_requests (recipient_id, created_at);
                CREATE INDEX walk_requests_out ON walk_requests (sender_id, created_at);
                CREATE TABLE walk_logs (
                    id TEXT PRIMARY KEY NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users (id),
                    steps INTEGER NOT NULL,
                    distance REAL NOT NULL,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER NOT NULL
                );
                CREATE INDEX walk_logs_by_user ON walk_logs (user_id, started_at);
                """),
        // Requests and logs made in one millisecond keep the order they were made in by an
        // explicit number instead of SQLite's rowid, which PostgreSQL has not; existing rows
        // take their rowid. The user indexes carry it, so listing sorts nothing.
        Migration(
            version: 2, summary: "requests and logs numbered in the order they were made",
            sql: """
                ALTER TABLE walk_requests ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
                UPDATE walk_requests SET seq = rowid;
                ALTER TABLE walk_logs ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
                UPDATE walk_logs SET seq = rowid;
                \(seqIndexes)
                """,
            postgreSQL: """
                ALTER TABLE walk_requests ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
                ALTER TABLE walk_logs ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
                \(seqIndexes)
                """),
        // An expired request is recorded once someone looks (InboxTimeouts), so `expired` may
        // be stored; an answer keeps its time. Each request and each answer leaves an inbox
        // row for the other person, written by the database itself (triggers), so whoever
        // writes the row (an app-shell on another machine, a member in psql) leaves it too.
        // The payloads hold what the recipient may see of the request anyway, cut to the
        // payload limit. SQLite cannot alter a CHECK, so the table is rebuilt.
        Migration(
            version: 3, summary: "expired recorded, answers dated; requests and answers reach the inbox",
            sql: """
                CREATE TABLE walk_requests_v3 (
                    id TEXT PRIMARY KEY NOT NULL,
                    sender_id TEXT NOT NULL REFERENCES users (id),
                    recipient_id TEXT NOT NULL REFERENCES users (id),
                    message TEXT NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    place_name TEXT,
                    status TEXT NOT NULL CHECK (status IN (\(statuses))),
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    seq BIGINT NOT NULL DEFAULT 0,
                    answered_at INTEGER
                );
                INSERT INTO walk_requests_v3 (id, sender_id, recipient_id, message, latitude, longitude, place_name,
                        status, created_at, expires_at, seq)
                    SELECT id, sender_id, recipient_id, message, latitude, longitude, place_name, status, created_at,
                        expires_at, seq
                    FROM walk_requests;
                DROP TABLE walk_requests;
                ALTER TABLE walk_requests_v3 RENAME TO walk_requests;
                CREATE INDEX walk_requests_in ON walk_requests (recipient_id, created_at, seq);
                CREATE INDEX walk_requests_out ON walk_requests (sender_id, created_at, seq);
                CREATE INDEX walk_requests_by_seq ON walk_requests (seq);
                CREATE INDEX walk_requests_pending ON walk_requests (expires_at) WHERE status = 'pending';
                CREATE TRIGGER walk_requests_inbox_incoming AFTER INSERT ON walk_requests
                BEGIN
                    INSERT INTO inbox (recipient_id, name, params, occurred_at) VALUES (
                        NEW.recipient_id, 'walks.incoming',
                        json_object(
                            'id', NEW.id, 'from', (SELECT u.name FROM users u WHERE u.id = NEW.sender_id),
                            'message', substr(NEW.message, 1, \(payloadTextLimit)),
                            'place', substr(NEW.place_name, 1, \(payloadTextLimit)),
                            'lat', CAST(NEW.latitude AS TEXT), 'lng', CAST(NEW.longitude AS TEXT),
                            'expires_at', NEW.expires_at),
                        NEW.created_at);
                END;
                CREATE TRIGGER walk_requests_inbox_answered AFTER UPDATE OF status ON walk_requests
                WHEN OLD.status = 'pending' AND NEW.status IN ('accepted', 'declined', 'expired')
                BEGIN
                    INSERT INTO inbox (recipient_id, name, params, occurred_at) VALUES (
                        NEW.sender_id, 'walks.answered',
                        json_object(
                            'id', NEW.id, 'to', (SELECT u.name FROM users u WHERE u.id = NEW.recipient_id),
                            'answer', NEW.status),
                        CASE WHEN NEW.status = 'expired' THEN NEW.expires_at
                            ELSE coalesce(NEW.answered_at, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
                        END);
                END;
                """,
            postgreSQL: """
                ALTER TABLE walk_requests DROP CONSTRAINT walk_requests_status_check;
                ALTER TABLE walk_requests ADD CONSTRAINT walk_requests_status_check CHECK (status IN (\(statuses)));
                ALTER TABLE walk_requests ADD COLUMN answered_at BIGINT;
                CREATE INDEX walk_requests_pending ON walk_requests (expires_at) WHERE status = 'pending';
                CREATE FUNCTION walk_requests_inbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    IF TG_OP = 'INSERT' THEN
                        INSERT INTO inbox (recipient_id, name, params, occurred_at) VALUES (
                            NEW.recipient_id, 'walks.incoming',
                            json_build_object(
                                'id', NEW.id, 'from', (SELECT u.name FROM users u WHERE u.id = NEW.sender_id),
                                'message', left(NEW.message, \(payloadTextLimit)),
                                'place', left(NEW.place_name, \(payloadTextLimit)),
                                'lat', NEW.latitude::text, 'lng', NEW.longitude::text,
                                'expires_at', NEW.expires_at)::text,
                            NEW.created_at);
                    ELSIF OLD.status = 'pending' AND NEW.status IN ('accepted', 'declined', 'expired') THEN
                        INSERT INTO inbox (recipient_id, name, params, occurred_at) VALUES (
                            NEW.sender_id, 'walks.answered',
                            json_build_object(
                                'id', NEW.id, 'to', (SELECT u.name FROM users u WHERE u.id = NEW.recipient_id),
                                'answer', NEW.status)::text,
                            CASE WHEN NEW.status = 'expired' THEN NEW.expires_at
                                ELSE coalesce(NEW.answered_at, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint)
                            END);
                    ELSE
                        RETURN NULL;
                    END IF;
                    -- A wake-up only: notifications ignore row-level security, so they carry nothing.
                    PERFORM pg_notify('\(inboxChannel)', '');
                    RETURN NULL;
                END
                $fn$;
                CREATE TRIGGER walk_requests_inbox AFTER INSERT OR UPDATE OF status ON walk_requests
                    FOR EACH ROW EXECUTE FUNCTION walk_requests_inbox();
                """),
        // No instant column holds a number outside the years 1 to 9999: the app's arithmetic
        // on one read back would overflow (a CHECK on PostgreSQL; see
        // InstantColumnChecks). A set-up server gets it from admin.setup().
        InstantColumnChecks.migration(
            version: 4,
            columns: [
                ("walk_requests", ["created_at", "expires_at", "answered_at"]),
                ("walk_logs", ["started_at", "ended_at"]),
            ]),
        // The inbox wakes each recipient itself, on a channel of theirs (Core's step 5): the
        // trigger no longer notifies everyone's shared channel, only the sender's own on a
        // new request. SQLite never notified.
        Migration(
            version: 5, summary: "the inbox's own trigger wakes the recipient",
            sql: "-- nothing on SQLite",
            postgreSQL: """
                CREATE OR REPLACE FUNCTION walk_requests_inbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    IF TG_OP = 'INSERT' THEN
                        INSERT INTO inbox (recipient_id, name, params, occurred_at) VALUES (
                            NEW.recipient_id, 'walks.incoming',
                            json_build_object(
                                'id', NEW.id, 'from', (SELECT u.name FROM users u WHERE u.id = NEW.sender_id),
                                'message', left(NEW.message, \(payloadTextLimit)),
                                'place', left(NEW.place_name, \(payloadTextLimit)),
                                'lat', NEW.latitude::text, 'lng', NEW.longitude::text,
                                'expires_at', NEW.expires_at)::text,
                            NEW.created_at);
                        -- The sender's own loop looks again too, and so learns when the
                        -- request comes due (InboxTimeouts): a wake-up of their own action.
                        PERFORM pg_notify(inbox_channel_of(NEW.sender_id), '');
                    ELSIF OLD.status = 'pending' AND NEW.status IN ('accepted', 'declined', 'expired') THEN
                        INSERT INTO inbox (recipient_id, name, params, occurred_at) VALUES (
                            NEW.sender_id, 'walks.answered',
                            json_build_object(
                                'id', NEW.id, 'to', (SELECT u.name FROM users u WHERE u.id = NEW.recipient_id),
                                'answer', NEW.status)::text,
                            CASE WHEN NEW.status = 'expired' THEN NEW.expires_at
                                ELSE coalesce(NEW.answered_at, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint)
                            END);
                    ELSE
                        RETURN NULL;
                    END IF;
                    RETURN NULL;
                END
                $fn$;
                """),
        // The app's limits are the database's: a message and a place name
        // of at most 100 characters (`String.databaseLength`), a place on the globe, a walk
        // of at most 100,000 steps, 100 km and a day.
        TextLengthChecks.migration(version: 6, summary: "requests and logs within the app's limits", tables: limits),
        // At most `WalkRequest.maximumPerMinute` (30) requests from one sender in any 60 seconds
        // (by `created_at`, the server's clock on PostgreSQL): a member in psql, one
        // transaction at a time, cannot flood a mate's inbox (`MinuteRate`). Counted by a
        // trigger before each insert, over the sender's own rows (which row-level security
        // lets them see) through the sender index.
        Migration(
            version: 7,
            summary: "at most \(WalkRequest.maximumPerMinute) walk requests a minute from one sender (PostgreSQL)",
            sql: "",
            postgreSQL: rate.postgreSQL),
        // Each request's and answer's inbox entry names its actor (a block hides it) and its
        // request (the notification's subject); the entries written before say theirs too.
        Migration(
            version: 8, summary: "inbox entries name the request and who sent or answered it",
            sql: """
                DROP TRIGGER walk_requests_inbox_incoming;
                DROP TRIGGER walk_requests_inbox_answered;
                CREATE TRIGGER walk_requests_inbox_incoming AFTER INSERT ON walk_requests
                BEGIN
                    INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id) VALUES (
                        NEW.recipient_id, 'walks.incoming',
                        json_object(
                            'id', NEW.id, 'from', (SELECT u.name FROM users u WHERE u.id = NEW.sender_id),
                            'message', substr(NEW.message, 1, \(payloadTextLimit)),
                            'place', substr(NEW.place_name, 1, \(payloadTextLimit)),
                            'lat', CAST(NEW.latitude AS TEXT), 'lng', CAST(NEW.longitude AS TEXT),
                            'expires_at', NEW.expires_at),
                        NEW.created_at, NEW.sender_id, NEW.id);
                END;
                CREATE TRIGGER walk_requests_inbox_answered AFTER UPDATE OF status ON walk_requests
                WHEN OLD.status = 'pending' AND NEW.status IN ('accepted', 'declined', 'expired')
                BEGIN
                    INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id) VALUES (
                        NEW.sender_id, 'walks.answered',
                        json_object(
                            'id', NEW.id, 'to', (SELECT u.name FROM users u WHERE u.id = NEW.recipient_id),
                            'answer', NEW.status),
                        CASE WHEN NEW.status = 'expired' THEN NEW.expires_at
                            ELSE coalesce(NEW.answered_at, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
                        END,
                        NEW.recipient_id, NEW.id);
                END;
                UPDATE inbox SET subject_id = json_extract(params, '$.id')
                    WHERE name IN ('walks.incoming', 'walks.answered') AND subject_id IS NULL AND json_valid(params);
                \(inboxActors)
                """,
            postgreSQL: """
                \(inboxFunction(wakingTheSender: true))
                UPDATE inbox SET subject_id = substring(params FROM '^\\{"id" : "([^"]+)"')
                    WHERE name IN ('walks.incoming', 'walks.answered') AND subject_id IS NULL;
                \(inboxActors)
                """),
        // Nothing notifies: waiting loops read their inbox (Core's step 16), and a NOTIFY held
        // a lock of the whole server through every sender's commit.
        Migration(
            version: 9, summary: "a walk request no longer notifies its sender (PostgreSQL)", sql: "",
            postgreSQL: inboxFunction(wakingTheSender: false)),
        // Walks recorded as tracks (a GPX file): a log's steps may be unknown, and its route's
        // points are kept beside it, each row its walker's (the pair (walk, walker) must be a
        // log's, so nobody's points hang on another person's walk), at most
        // `WalkLog.maximumRoutePoints` a walk (the position's range and the key), on the
        // globe. SQLite cannot drop a NOT NULL, so walk_logs is rebuilt there.
        Migration(
            version: 10, summary: "walk routes: the points of a recorded walk; steps may be unknown",
            sql: """
                CREATE TABLE walk_logs_v10 (
                    id TEXT PRIMARY KEY NOT NULL,
                    user_id TEXT NOT NULL REFERENCES users (id),
                    steps INTEGER,
                    distance REAL NOT NULL,
                    started_at INTEGER NOT NULL,
                    ended_at INTEGER NOT NULL,
                    seq BIGINT NOT NULL DEFAULT 0
                );
                INSERT INTO walk_logs_v10 (id, user_id, steps, distance, started_at, ended_at, seq)
                    SELECT id, user_id, steps, distance, started_at, ended_at, seq FROM walk_logs;
                DROP TABLE walk_logs;
                ALTER TABLE walk_logs_v10 RENAME TO walk_logs;
                CREATE INDEX walk_logs_by_user ON walk_logs (user_id, started_at, seq);
                CREATE INDEX walk_logs_by_seq ON walk_logs (seq);
                \(routeTable(integer: "INTEGER", double: "REAL"))
                """,
            postgreSQL: """
                ALTER TABLE walk_logs ALTER COLUMN steps DROP NOT NULL;
                \(routeTable(integer: "BIGINT", double: "DOUBLE PRECISION"))
                ALTER TABLE walk_route_points ADD CONSTRAINT walk_route_points_at_instant
                    CHECK (at BETWEEN \(Instant.checkedMilliseconds.lowerBound) AND \(Instant.checkedMilliseconds.upperBound));
                """),
        // A member's new request or log was numbered after the largest `seq` they could see.
        SeqIdentity.migration(version: 11, tables: ["walk_requests", "walk_logs"]),
        RarerVacuum.migration(version: 12, tables: ["walk_requests"]),
        // Text within its bytes too (`TextLengthChecks.byteMigration`), and a request's id,
        // which its trigger copies into the recipient's inbox, a lowercase UUID's 36 bytes
        // at most (a member in psql chooses it).
        TextLengthChecks.byteMigration(
            version: 13, tables: limits, extra: [("walk_requests", [.bytes("id", maximum: Identifier.length)])]),
    ]

    /// The limits of step 6.
    private static var limits: [(table: String, rules: [TextLengthChecks.Rule])] {
        [
            (
                "walk_requests",
                [
                    .text("message", maximum: WalkRequest.maximumMessageLength, nonEmpty: true),
                    .text("place_name", maximum: WalkRequest.maximumPlaceNameLength),
                    .range("latitude", -90.0...90.0), .range("longitude", -180.0...180.0),
                ]
            ),
            (
                "walk_logs",
                [
                    .range("steps", 0...WalkLog.maximumSteps), .range("distance", 0...WalkLog.maximumDistance),
                    TextLengthChecks.Rule(
                        name: "duration",
                        condition: "ended_at - started_at BETWEEN 0 AND \(WalkLog.maximumDurationSeconds * 1000)"),
                ]
            ),
        ]
    }

    /// The table of routes' points (step 10), in either backend's types.
    private static func routeTable(integer: String, double: String) -> String {
        let last = WalkLog.maximumRoutePoints - 1
        return """
            CREATE UNIQUE INDEX walk_logs_by_id_and_user ON walk_logs (id, user_id);
            CREATE TABLE walk_route_points (
                walk_id TEXT NOT NULL,
                user_id TEXT NOT NULL,
                position \(integer) NOT NULL CHECK (position BETWEEN 0 AND \(last)),
                segment \(integer) NOT NULL CHECK (segment BETWEEN 0 AND \(last)),
                latitude \(double) NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                longitude \(double) NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                elevation \(double) CHECK (elevation BETWEEN -1000 AND 10000),
                at \(integer),
                PRIMARY KEY (walk_id, position),
                FOREIGN KEY (walk_id, user_id) REFERENCES walk_logs (id, user_id) ON DELETE CASCADE
            );
            CREATE INDEX walk_route_points_by_user ON walk_route_points (user_id);
            """
    }

    /// The inbox trigger's function on PostgreSQL (step 8; step 9 without the `NOTIFY`).
    private static func inboxFunction(wakingTheSender: Bool) -> String {
        let wake =
            wakingTheSender
            ? """
                    -- The sender's own loop looks again too, and so learns when the
                    -- request comes due (InboxTimeouts): a wake-up of their own action.
                    PERFORM pg_notify(inbox_channel_of(NEW.sender_id), '');

            """ : ""
        return """
            CREATE OR REPLACE FUNCTION walk_requests_inbox() RETURNS trigger LANGUAGE plpgsql AS $fn$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id) VALUES (
                        NEW.recipient_id, 'walks.incoming',
                        json_build_object(
                            'id', NEW.id, 'from', (SELECT u.name FROM users u WHERE u.id = NEW.sender_id),
                            'message', left(NEW.message, \(payloadTextLimit)),
                            'place', left(NEW.place_name, \(payloadTextLimit)),
                            'lat', NEW.latitude::text, 'lng', NEW.longitude::text,
                            'expires_at', NEW.expires_at)::text,
                        NEW.created_at, NEW.sender_id, NEW.id);
            \(wake)    ELSIF OLD.status = 'pending' AND NEW.status IN ('accepted', 'declined', 'expired') THEN
                    INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id) VALUES (
                        NEW.sender_id, 'walks.answered',
                        json_build_object(
                            'id', NEW.id, 'to', (SELECT u.name FROM users u WHERE u.id = NEW.recipient_id),
                            'answer', NEW.status)::text,
                        CASE WHEN NEW.status = 'expired' THEN NEW.expires_at
                            ELSE coalesce(NEW.answered_at, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint)
                        END,
                        NEW.recipient_id, NEW.id);
                END IF;
                RETURN NULL;
            END
            $fn$;
            """
    }

    /// The entries written before step 8 name their actor: the sender of a request, the
    /// recipient of an answer.
    private static let inboxActors = """
        UPDATE inbox SET actor_id = (
                SELECT CASE WHEN inbox.name = 'walks.incoming' THEN r.sender_id ELSE r.recipient_id END
                FROM walk_requests r WHERE r.id = inbox.subject_id)
            WHERE name IN ('walks.incoming', 'walks.answered') AND actor_id IS NULL AND subject_id IS NOT NULL;
        """

    /// The message of the rate trigger, which `ManageWalks` turns into `walks.too_many_requests`.
    static let rateMessage = "walk_requests: at most \(WalkRequest.maximumPerMinute) requests a minute"
    /// `WalkRequest.maximumPerMinute` requests a minute from one sender, on PostgreSQL.
    static let rate = MinuteRate(
        table: "walk_requests", alias: "r", userColumn: "sender_id", maximum: WalkRequest.maximumPerMinute,
        message: rateMessage)

    /// Every status a request may be stored with.
    private static let statuses = "'pending', 'accepted', 'declined', 'cancelled', 'expired'"
    /// The most characters (code points) of a message or place name an inbox payload copies:
    /// far above the app's 100 characters, however many code points they take, but a row
    /// written in psql cannot put megabytes into someone's inbox.
    static let payloadTextLimit = 1_000
    /// The channel the inbox triggers woke before step 5 (released text must not change).
    static let inboxChannel = "app_inbox"

    private static let seqIndexes = """
        DROP INDEX walk_requests_in;
        DROP INDEX walk_requests_out;
        DROP INDEX walk_logs_by_user;
        CREATE INDEX walk_requests_in ON walk_requests (recipient_id, created_at, seq);
        CREATE INDEX walk_requests_out ON walk_requests (sender_id, created_at, seq);
        CREATE INDEX walk_requests_by_seq ON walk_requests (seq);
        CREATE INDEX walk_logs_by_user ON walk_logs (user_id, started_at, seq);
        CREATE INDEX walk_logs_by_seq ON walk_logs (seq);
        """
}
