import Mates
import Storage
import Walks

/// What members may do to each table of a PostgreSQL server, stated once: the grants
/// (data privileges only) and the row-level security policies `admin.setup()` creates.
///
/// The policies say what the Swift code says; `RowSecurityAgreementTests` runs one scenario
/// through the app and directly as each member and compares. Every table of the schema gets
/// `ENABLE` and `FORCE ROW LEVEL SECURITY` whether it is listed here or not, so a table
/// missing here is closed to members (no grant, no policy) rather than open; a test fails
/// when a table of the schema has no entry.
///
/// `me` is `(SELECT app_user_id())`: the id of the users row whose name is `session_user`,
/// evaluated once per statement. `session_user`, not `current_user`, so `SET ROLE` to the
/// members' group changes nothing. Policies apply to every role (`TO PUBLIC`), the owner
/// included (`FORCE`); grants decide who may touch a table at all. A few `definer`
/// policies apply only to the owner, for the `SECURITY DEFINER` function that joins mates.
enum RowSecurity {
    /// One policy: `CREATE POLICY name ON table [AS] FOR command [TO owner] USING ... WITH CHECK ...`.
    struct Policy: Sendable {
        let table: String
        let name: String
        /// `SELECT`, `INSERT`, `UPDATE`, `DELETE` or `ALL`.
        let command: String
        let using: String?
        let check: String?
        /// Whether it applies only to the tables' owner (the definer function), not to PUBLIC.
        var ownerOnly = false
    }

    /// One table's grant to the members' group. Only table-level `SELECT` and `INSERT`: a
    /// table-level `UPDATE` or `DELETE` would let a member `LOCK TABLE` it in `ACCESS
    /// EXCLUSIVE` mode against everyone (PostgreSQL checks no more for `LOCK`). Updates are
    /// granted column by column, which `LOCK` does not count, and deletes go through
    /// `app_delete`, whose owner (the deleting role) holds `DELETE`.
    struct Grant: Sendable {
        let table: String
        /// Table-level privileges: `SELECT`, `SELECT, INSERT`.
        let privileges: String
        /// The columns a member may `UPDATE`: none when nil, every column the table has when
        /// setup runs when empty.
        var updates: [String]?
        /// Whether a member may delete rows (their own, by the policies) through `app_delete`.
        var deletes = false
    }

    static let me = "(SELECT app_user_id())"

    /// A PostgreSQL time function's value in milliseconds since 1970, as the walk store
    /// writes and compares instants.
    static func serverMilliseconds(_ function: String) -> String {
        "CAST(floor(EXTRACT(EPOCH FROM \(function)) * 1000) AS BIGINT)"
    }
    /// A table of the members' own rows: they read, add, change and delete them.
    private static func readWrite(_ table: String) -> Grant {
        Grant(table: table, privileges: "SELECT, INSERT", updates: [], deletes: true)
    }

    /// Every table members may touch, with what they may do.
    static let grants: [Grant] =
        [
            Grant(table: "schema_versions", privileges: "SELECT"),
            Grant(table: "users", privileges: "SELECT, INSERT"),
            Grant(table: "event_users", privileges: "SELECT, INSERT"),
            readWrite("events"),
            Grant(table: "event_backlog", privileges: "SELECT"),
            readWrite("event_drops"),
            readWrite("habits"),
        ] + habitDetailTables.map(readWrite) + [
            readWrite("book_stories"),
            readWrite("book_story_quotes"),
            readWrite("book_story_keywords"),
            readWrite("book_themes"),
            readWrite("book_story_themes"),
            readWrite("book_story_reviews"),
            readWrite("profiles"),
            readWrite("profile_photo_files"),
            // Invites are drawn by mate_invite(), used, attempts recorded and links made only by
            // mate_join(): inserting one's own guess as a code would say "duplicate".
            Grant(table: "mate_invites", privileges: "SELECT"),
            Grant(table: "mate_attempts", privileges: "SELECT"),
            Grant(table: "mates", privileges: "SELECT", deletes: true),
            Grant(table: "mate_reports", privileges: "SELECT, INSERT"),
            // An answer changes the status and dates it (`answered_at`), nothing else.
            Grant(table: "walk_requests", privileges: "SELECT, INSERT", updates: ["status", "answered_at"]),
            readWrite("walk_logs"),
            // Only the database writes the inbox (its triggers, as the owner); the recipient
            // reads it and marks what a loop was handed.
            Grant(table: "inbox", privileges: "SELECT", updates: ["delivered_at"]),
        ]

    /// A habit's rows beside the habit itself: each follows its habit.
    static let habitDetailTables = [
        "habit_periods", "habit_completions", "habit_frequencies", "habit_measures", "habit_skips", "habit_pauses",
        "habit_amounts", "habit_notes", "habit_reminders",
    ]

    /// Rows of one person: `column` is their user id.
    private static func ownerOnly(_ table: String, _ column: String) -> Policy {
        Policy(
            table: table, name: "\(table)_owner", command: "ALL", using: "\(column) = \(me)", check: "\(column) = \(me)"
        )
    }

    /// A story the acting member may see (RLS of book_stories applies inside the policy).
    private static let storyVisible = "EXISTS (SELECT 1 FROM book_stories s WHERE s.seq = story_seq)"
    /// A story the acting member wrote.
    private static let storyOwn =
        "EXISTS (SELECT 1 FROM book_stories s WHERE s.seq = story_seq AND s.author_id = \(me))"

    /// Rows that follow their story: read when the story may be read, written by its author.
    private static func followStory(_ table: String, extraCheck: String = "") -> [Policy] {
        [
            Policy(table: table, name: "\(table)_read", command: "SELECT", using: storyVisible, check: nil),
            Policy(table: table, name: "\(table)_insert", command: "INSERT", using: nil, check: storyOwn + extraCheck),
            Policy(
                table: table, name: "\(table)_update", command: "UPDATE", using: storyOwn, check: storyOwn + extraCheck),
            Policy(table: table, name: "\(table)_delete", command: "DELETE", using: storyOwn, check: nil),
        ]
    }

    /// Every policy, table by table.
    static let policies: [Policy] =
        [
            Policy(
                table: "schema_versions", name: "schema_versions_read", command: "SELECT", using: "true", check: nil),
            // Setup records its own version here as the owner.
            Policy(
                table: "schema_versions", name: "schema_versions_definer", command: "ALL", using: "true", check: "true",
                ownerOnly: true),
            // Every member finds every other by name (mates, walk requests); a member adds
            // only themselves, on first use.
            Policy(table: "users", name: "users_read", command: "SELECT", using: "true", check: nil),
            Policy(
                table: "users", name: "users_insert_self", command: "INSERT", using: nil,
                check: "name = session_user AND name_key = lower(session_user)"),
            Policy(
                table: "users", name: "users_definer", command: "ALL", using: "true", check: "true", ownerOnly: true),
            ownerOnly("event_users", "user_id"),
            // An event's id is one its sequence has given out already (the restrictive
            // policies setup adds to every identity column), so no one can take an id ahead
            // of it and make another member's commit collide.
            Policy(
                table: "events", name: "events_owner", command: "ALL",
                using: "user_number IN (SELECT number FROM event_users)",
                check: "user_number IN (SELECT number FROM event_users)"),
            // `event_backlog_size()` counts everyone's events with the owner's rights.
            Policy(
                table: "events", name: "events_definer", command: "SELECT", using: "true", check: nil, ownerOnly: true),
            // The backlog's count of removed events: every member reads it; it holds no one's
            // data, and only `event_backlog_set_removed()` writes it, with the owner's rights.
            Policy(table: "event_backlog", name: "event_backlog_shared", command: "ALL", using: "true", check: "true"),
            ownerOnly("event_drops", "user_id"),
            ownerOnly("habits", "owner_id"),
        ]
        + habitDetailTables.map { table in
            Policy(
                table: table, name: "\(table)_owner", command: "ALL",
                using: "EXISTS (SELECT 1 FROM habits h WHERE h.id = habit_id)",
                check: "EXISTS (SELECT 1 FROM habits h WHERE h.id = habit_id)")
        }
        + [
            Policy(
                table: "book_stories", name: "book_stories_read", command: "SELECT",
                using: "author_id = \(me) OR visibility = 'public'", check: nil),
            Policy(
                table: "book_stories", name: "book_stories_write", command: "ALL", using: "author_id = \(me)",
                check: "author_id = \(me)"),
            Policy(
                table: "book_themes", name: "book_themes_read", command: "SELECT",
                using: "owner_id = \(me) OR visibility = 'public'", check: nil),
            Policy(
                table: "book_themes", name: "book_themes_write", command: "ALL", using: "owner_id = \(me)",
                check: "owner_id = \(me)"),
        ]
        + followStory("book_story_quotes") + followStory("book_story_keywords")
        + followStory(
            "book_story_themes",
            extraCheck: " AND EXISTS (SELECT 1 FROM book_themes t WHERE t.seq = theme_seq AND t.owner_id = \(me))")
        + [
            Policy(
                table: "book_story_reviews", name: "book_story_reviews_owner", command: "ALL",
                using: "user_id = \(me)", check: "user_id = \(me) AND \(storyVisible)"),
            // A profile is what mates see: nickname, dog, thumbnail. Its owner writes it.
            Policy(table: "profiles", name: "profiles_read", command: "SELECT", using: "true", check: nil),
            Policy(table: "profiles", name: "profiles_insert", command: "INSERT", using: nil, check: "user_id = \(me)"),
            Policy(
                table: "profiles", name: "profiles_update", command: "UPDATE", using: "user_id = \(me)",
                check: "user_id = \(me)"),
            Policy(table: "profiles", name: "profiles_delete", command: "DELETE", using: "user_id = \(me)", check: nil),
            ownerOnly("profile_photo_files", "user_id"),
            // Codes: only the inviter reads theirs; joining is mate_join(), as the owner.
            ownerOnly("mate_invites", "inviter_id"),
            Policy(
                table: "mate_invites", name: "mate_invites_definer", command: "ALL", using: "true", check: "true",
                ownerOnly: true),
            Policy(
                table: "mate_attempts", name: "mate_attempts_own", command: "SELECT", using: "user_id = \(me)",
                check: nil),
            Policy(
                table: "mate_attempts", name: "mate_attempts_definer", command: "ALL", using: "true", check: "true",
                ownerOnly: true),
            Policy(
                table: "mates", name: "mates_pair_read", command: "SELECT",
                using: "user_id = \(me) OR mate_id = \(me)", check: nil),
            Policy(
                table: "mates", name: "mates_pair_delete", command: "DELETE",
                using: "user_id = \(me) OR mate_id = \(me)", check: nil),
            Policy(
                table: "mates", name: "mates_definer", command: "ALL", using: "true", check: "true", ownerOnly: true),
            Policy(
                table: "mate_reports", name: "mate_reports_own", command: "SELECT", using: "reporter_id = \(me)",
                check: nil),
            Policy(
                table: "mate_reports", name: "mate_reports_insert", command: "INSERT", using: nil,
                check: "reporter_id = \(me)"),
            Policy(
                table: "walk_requests", name: "walk_requests_read", command: "SELECT",
                using: "sender_id = \(me) OR recipient_id = \(me)", check: nil),
            Policy(
                table: "walk_requests", name: "walk_requests_send", command: "INSERT", using: nil,
                check: "sender_id = \(me) AND status = 'pending' AND "
                    + "EXISTS (SELECT 1 FROM mates m WHERE m.user_id = \(me) AND m.mate_id = recipient_id) "
                    + "AND expires_at = created_at + \(WalkRequest.replyWindow * 1000) "
                    // Made now by the server's clock, as the app makes it on a server: one
                    // dated later would stay pending past its 60 seconds.
                    + "AND created_at = \(serverMilliseconds("statement_timestamp()"))"),
            // Only a pending request within its 60 seconds by the server's clock (judged when
            // the row is answered, as the app's conditional UPDATE judges it) is answered:
            // the receiver accepts or declines, the sender cancels; when a mate link ends,
            // either of the two cancels what is pending between them (the link is gone by
            // then, in the same transaction).
            Policy(
                table: "walk_requests", name: "walk_requests_answer", command: "UPDATE",
                using: "status = 'pending' AND (sender_id = \(me) OR recipient_id = \(me)) "
                    + "AND expires_at > \(serverMilliseconds("clock_timestamp()"))",
                check: "(recipient_id = \(me) AND status IN ('accepted', 'declined')) "
                    + "OR (sender_id = \(me) AND status = 'cancelled') "
                    + "OR (recipient_id = \(me) AND status = 'cancelled' AND NOT EXISTS "
                    + "(SELECT 1 FROM mates m WHERE m.user_id = \(me) AND m.mate_id = sender_id))"),
            // Expiring requests (walk_requests_expire) is done with the owner's rights.
            Policy(
                table: "walk_requests", name: "walk_requests_definer", command: "ALL", using: "true", check: "true",
                ownerOnly: true),
            ownerOnly("walk_logs", "user_id"),
            // The inbox: the recipient reads and marks delivered; the triggers write as the owner.
            Policy(
                table: "inbox", name: "inbox_recipient_read", command: "SELECT", using: "recipient_id = \(me)",
                check: nil),
            Policy(
                table: "inbox", name: "inbox_recipient_delivered", command: "UPDATE", using: "recipient_id = \(me)",
                check: "recipient_id = \(me)"),
            Policy(
                table: "inbox", name: "inbox_definer", command: "ALL", using: "true", check: "true", ownerOnly: true),
            // The key of the inbox's channels: read by the owner's functions only; no grant.
            Policy(
                table: "inbox_channel_keys", name: "inbox_channel_keys_definer", command: "SELECT", using: "true",
                check: nil, ownerOnly: true),
        ]

    /// `app_user_id()`: the acting member's user id. Invoker's rights (users is readable
    /// by every member); `search_path` fixed, so no one's temporary table stands in.
    static func userIDFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION app_user_id() RETURNS text
            LANGUAGE sql STABLE SET search_path = \(schema), pg_temp
            AS $fn$ SELECT id FROM users WHERE name = session_user $fn$
        """
    }

    /// `mate_invite()`: a new invite code of the member's, drawn in the database with the
    /// owner's rights, so that a member never inserts a code and never learns from a
    /// duplicate that someone else holds it (a probe past the wrong-code limit). The code is
    /// `InviteCode.length` characters of `InviteCode.alphabet` from `gen_random_uuid()`'s
    /// random bytes (two bytes a character, so the modulo's bias is 2 in 65,536), valid
    /// `ManageMates.inviteLifetime` seconds from the server's `clock_timestamp()`. A drawn
    /// code that exists is drawn again, up to 5 times, inside the function.
    static func inviteFunction(schema: String) -> String {
        let alphabet = String(InviteCode.alphabet)
        // Bytes 6 and 8 of a version 4 UUID carry its version and variant; pairs avoid them.
        let pairs = [0, 2, 4, 9, 11, 13].prefix(InviteCode.length)
        let characters = pairs.map { first in
            "substr('\(alphabet)', ((get_byte(v_bytes, \(first)) * 256 + get_byte(v_bytes, \(first + 1))) "
                + "% \(alphabet.count)) + 1, 1)"
        }.joined(separator: " || ")
        return """
            CREATE OR REPLACE FUNCTION mate_invite()
                RETURNS TABLE (invite_code text, invite_expires_at bigint)
                LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(schema), pg_temp
                AS $fn$
            DECLARE
                v_me text;
                v_now bigint := floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;
                v_bytes bytea;
                v_code text;
            BEGIN
                SELECT u.id INTO v_me FROM users u WHERE u.name = session_user;
                IF v_me IS NULL THEN
                    RAISE EXCEPTION 'no user named %', session_user USING ERRCODE = '42501';
                END IF;
                FOR attempt IN 1..5 LOOP
                    v_bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
                    v_code := \(characters);
                    BEGIN
                        INSERT INTO mate_invites (code, inviter_id, created_at, expires_at)
                            VALUES (v_code, v_me, v_now, v_now + \(ManageMates.inviteLifetime * 1000));
                        RETURN QUERY SELECT v_code, v_now + \(ManageMates.inviteLifetime * 1000);
                        RETURN;
                    EXCEPTION WHEN unique_violation THEN
                        NULL;
                    END;
                END LOOP;
                RAISE EXCEPTION 'could not draw a free invite code';
            END
            $fn$
            """
    }

    /// The signature of `app_delete`, for grants.
    static let deleteFunctionSignature = "app_delete(text, text[], text[], text[])"

    /// `app_delete(table, columns, comparisons, values)`: `DELETE FROM table WHERE column
    /// comparison value AND ...`, for members, who hold no `DELETE` on any table
    /// (`Grant`). It runs with the rights of its owner, the deleting role, which holds
    /// `DELETE` on the tables members delete from and `SELECT` on what they read, and is
    /// not the tables' owner: the policies that hold are the member's own (`session_user`),
    /// none of the owner's `definer` ones. The table must be one of the schema's the role
    /// may delete from; each column one of its columns, each comparison `=`, `<`, `<=`, `>`
    /// or `>=`, each value text cast to the column's type; at least one condition. Returns
    /// the number of rows deleted.
    static func deleteFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION app_delete(p_table text, p_columns text[], p_comparisons text[], p_values text[])
            RETURNS bigint
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$
        DECLARE
            v_table regclass := to_regclass(format('%I.%I', current_schema(), p_table));
            v_where text := '';
            v_type text;
            v_count bigint;
        BEGIN
            IF v_table IS NULL OR NOT has_table_privilege(v_table, 'DELETE') THEN
                RAISE EXCEPTION 'permission denied to delete from %', p_table USING ERRCODE = '42501';
            END IF;
            IF coalesce(cardinality(p_columns), 0) = 0 OR cardinality(p_comparisons) IS DISTINCT FROM cardinality(p_columns)
                OR cardinality(p_values) IS DISTINCT FROM cardinality(p_columns) THEN
                RAISE EXCEPTION 'app_delete takes one comparison and one value for each of at least one column'
                    USING ERRCODE = '22023';
            END IF;
            FOR i IN 1 .. cardinality(p_columns) LOOP
                IF p_comparisons[i] IS NULL OR p_comparisons[i] NOT IN ('=', '<', '<=', '>', '>=') THEN
                    RAISE EXCEPTION 'app_delete compares with =, <, <=, > or >=, not %', p_comparisons[i]
                        USING ERRCODE = '22023';
                END IF;
                SELECT format_type(a.atttypid, a.atttypmod) INTO v_type FROM pg_attribute a
                    WHERE a.attrelid = v_table AND a.attname = p_columns[i] AND a.attnum > 0 AND NOT a.attisdropped;
                IF v_type IS NULL THEN
                    RAISE EXCEPTION 'no column % in %', p_columns[i], p_table USING ERRCODE = '42703';
                END IF;
                v_where := v_where || CASE WHEN i > 1 THEN ' AND ' ELSE '' END
                    || format('%I %s CAST($1[%s] AS %s)', p_columns[i], p_comparisons[i], i, v_type);
            END LOOP;
            EXECUTE format('DELETE FROM %s WHERE %s', v_table, v_where) USING p_values;
            GET DIAGNOSTICS v_count = ROW_COUNT;
            RETURN v_count;
        END
        $fn$
        """
    }

    /// `walk_requests_expire(now)`: stores `expired` on every pending request whose window
    /// has closed, with the owner's rights (members may store only their own answers), at
    /// the earlier of `now` and the server's `clock_timestamp()`: a member can make it wait,
    /// never come early. Whoever's requests they are, each is a fact that the trigger then
    /// tells the sender; nothing is returned but the count.
    static func expireFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION walk_requests_expire(p_now bigint) RETURNS integer
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$
        DECLARE
            v_count integer;
        BEGIN
            UPDATE walk_requests SET status = 'expired'
                WHERE status = 'pending'
                    AND expires_at <= LEAST(p_now, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint);
            GET DIAGNOSTICS v_count = ROW_COUNT;
            RETURN v_count;
        END
        $fn$
        """
    }

    /// The trigger functions that write the inbox (created by the Walks and Mates
    /// migrations) and the one that wakes its recipient (Core's): setup gives them the
    /// owner's rights and a fixed `search_path`, since members may not write the inbox
    /// themselves nor read the key of its channels.
    static let inboxTriggerFunctions = ["walk_requests_inbox()", "mates_inbox()", "inbox_notify()"]

    /// `inbox_channel(id)`: the channel on which the inbox wakes member `id`, for that
    /// member only (NULL for any other id), since a member who knew another's channel could
    /// LISTEN on it and learn when, and from which server process, something reached them.
    /// Owner's rights, as only the owner reads `inbox_channel_keys`; `inbox_channel_of(id)`,
    /// which answers for anyone, is the owner's alone.
    static func inboxChannelFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION inbox_channel(p_user text) RETURNS text
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$ SELECT inbox_channel_of(p_user) WHERE p_user = app_user_id() $fn$
        """
    }

    /// `event_backlog_guard()` and its trigger: the shared count of removed events stays
    /// sane whatever is written to it (through `event_backlog_set_removed`, which any member
    /// may call with any number): never negative, never more than the ids the events'
    /// sequence has given. (A policy sees only the new row; a trigger sees both.) A member
    /// can still make the backlog seem smaller than it is, until the next count.
    static func eventBacklogGuard(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION event_backlog_guard() RETURNS trigger
            LANGUAGE plpgsql SET search_path = \(schema), pg_temp
            AS $fn$
        BEGIN
            IF NEW.id <> OLD.id OR NEW.removed < 0
                OR NEW.removed > coalesce(
                    pg_sequence_last_value(CAST(pg_get_serial_sequence('events', 'id') AS regclass)), 0) THEN
                RAISE EXCEPTION 'the count of removed events is between 0 and the last event id'
                    USING ERRCODE = '42501';
            END IF;
            RETURN NEW;
        END
        $fn$;
        DROP TRIGGER IF EXISTS event_backlog_guard ON event_backlog;
        CREATE TRIGGER event_backlog_guard BEFORE UPDATE ON event_backlog
            FOR EACH ROW EXECUTE FUNCTION event_backlog_guard()
        """
    }

    /// `event_backlog_size()`: how many events the backlog holds, of every member, with the
    /// owner's rights (the `events_definer` policy), for the event store's drops: a member
    /// sees only their own events, and a count of those made the cap one per member.
    static func backlogSizeFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION event_backlog_size() RETURNS bigint
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$ SELECT count(*) FROM events $fn$
        """
    }

    /// `mate_join(code)`: joining by invite code, with the owner's rights so that it sees
    /// the invite a member may not read. Every failure (no such code, used, expired, one's
    /// own, mates already) is one answer, `failed`, and counts as a wrong code, so codes
    /// cannot be probed; at most 5 wrong codes per member in 10 minutes, and once 4 members
    /// have tried wrong codes in 10 minutes a member with none of their own is refused (so
    /// one member alone never locks everyone's joins), judged at the server's
    /// `clock_timestamp()`.
    ///
    /// The attempts are rows of the caller's transaction, which a member with `psql` can
    /// roll back (`BEGIN; SELECT mate_join(...); ROLLBACK;`) and so never be counted. What
    /// a rollback cannot return is time: every call waits `joinDelaySeconds` before it
    /// looks at the code, holding its member's `users` row (`FOR NO KEY UPDATE NOWAIT`),
    /// and a call that finds the row held answers `too_many_attempts` at once without
    /// looking. So each member learns at most one answer a second however many connections
    /// they open, committed or not. Nothing else is locked: members may not lock a `users`
    /// row themselves (they hold no `UPDATE` on it), so no one can hold up another's join,
    /// and a member's open transaction holds up only their own. Joins of different members
    /// at the same instant may each pass the count of members with wrong codes before
    /// either commits: the database-wide count can be passed by as many as race.
    static func joinFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION mate_join(p_code text)
            RETURNS TABLE (joined_outcome text, joined_inviter text)
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$
        DECLARE
            v_me text;
            v_now bigint;
            v_inviter text;
            v_own bigint;
        BEGIN
            SELECT u.id INTO v_me FROM users u WHERE u.name = session_user;
            IF v_me IS NULL OR p_code IS NULL THEN
                RETURN QUERY SELECT 'failed'::text, NULL::text;
                RETURN;
            END IF;
            BEGIN
                PERFORM 1 FROM users u WHERE u.id = v_me FOR NO KEY UPDATE NOWAIT;
            EXCEPTION WHEN lock_not_available THEN
                RETURN QUERY SELECT 'too_many_attempts'::text, NULL::text;
                RETURN;
            END;
            PERFORM pg_sleep(\(joinDelaySeconds));
            v_now := \(serverMilliseconds("clock_timestamp()"));
            SELECT count(*) INTO v_own FROM mate_attempts a WHERE a.user_id = v_me AND a.at >= v_now - \(attemptWindowMS);
            IF v_own >= \(attemptLimit) THEN
                RETURN QUERY SELECT 'too_many_attempts'::text, NULL::text;
                RETURN;
            END IF;
            IF v_own = 0 AND (SELECT count(DISTINCT a.user_id) FROM mate_attempts a
                    WHERE a.at >= v_now - \(attemptWindowMS)) >= \(databaseAttemptUsers) THEN
                RETURN QUERY SELECT 'too_many_attempts_on_database'::text, NULL::text;
                RETURN;
            END IF;
            UPDATE mate_invites i SET used_by = v_me
                WHERE i.code = p_code AND i.used_by IS NULL AND i.expires_at > v_now AND i.inviter_id <> v_me
                    AND NOT EXISTS (SELECT 1 FROM mates m WHERE m.user_id = v_me AND m.mate_id = i.inviter_id)
                RETURNING i.inviter_id INTO v_inviter;
            IF v_inviter IS NULL THEN
                INSERT INTO mate_attempts (user_id, at) VALUES (v_me, v_now);
                RETURN QUERY SELECT 'failed'::text, NULL::text;
                RETURN;
            END IF;
            INSERT INTO mates (user_id, mate_id, since) VALUES (v_me, v_inviter, v_now), (v_inviter, v_me, v_now);
            RETURN QUERY SELECT 'joined'::text, v_inviter;
        END
        $fn$
        """
    }

    /// The limits `ManageMates` keeps on SQLite, in the function's units.
    static let attemptLimit = ManageMates.attemptLimit
    static let databaseAttemptUsers = ManageMates.databaseAttemptUsers
    /// How long every `mate_join` waits before it looks at the code, in seconds: what a
    /// guess costs, rolled back or not.
    static let joinDelaySeconds = 1
    static let attemptWindowMS = ManageMates.attemptWindow * 1000
}
