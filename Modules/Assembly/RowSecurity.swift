import Core
import Mates
import Storage
import Walks

/// The functions `admin.setup()` creates on a PostgreSQL server, and the grants and
/// row-level security policies it gathers from every module (`TableAccess`, declared by
/// each module beside its schema; `AppAssembly.tableAccess` lists them all).
///
/// The policies say what the Swift code says; `RowSecurityAgreementTests` runs one scenario
/// through the app and directly as each member and compares. Every table of the schema gets
/// `ENABLE` and `FORCE ROW LEVEL SECURITY` whether it is declared or not, so a table
/// missing a declaration is closed to members (no grant, no policy) rather than open; a
/// test fails when a table of the schema has none.
enum RowSecurity {
    /// Every function setup makes, as made in `schema`.
    static func functionDefinitions(schema: String) -> [String] {
        [
            userIDFunction(schema: schema), hiddenFunction(schema: schema), inviteFunction(schema: schema),
            deleteFunction(schema: schema), expireFunction(schema: schema), eventBacklogGuard(schema: schema),
            backlogSizeFunction(schema: schema), joinFunction(schema: schema),
        ] + dropFunctions(schema: schema)
    }

    /// The views the policies read who is acting and whom they do not see, as made in
    /// `schema`, before the functions (which read them too).
    static func viewDefinitions(schema: String) -> [String] {
        [meView(schema: schema), hiddenView(schema: schema)]
    }

    /// `app_me`: one row, the acting member's user id (`TableAccess.me`), or none for a
    /// login without a users row. A view, not a function: a policy's `(SELECT id FROM
    /// app_me)` is planned into its statement as one index lookup, where a call of a PL/pgSQL
    /// function cost each statement 12 to 60 µs of set-up (its `search_path`, its own
    /// statement), more than the statements it guarded (docs/performance.md, "Data at
    /// scale"). The name is compared in the database's collation: `session_user` is of type
    /// `name`, whose collation is "C", and compared in "C" the index on `users.name` cannot
    /// serve it, so every statement of every member read the whole table. A view's tables
    /// are named by their identity when it is made, so no one's temporary table stands in;
    /// `security_barrier`, so no condition of a reader's runs on rows the view leaves out.
    static func meView(schema: String) -> String {
        """
        CREATE OR REPLACE VIEW \(schema).app_me WITH (security_barrier) AS
            SELECT u.id FROM \(schema).users u WHERE u.name = (session_user::text COLLATE "default")
        """
    }

    /// `app_hidden`: the ids of everyone the acting member blocked and everyone who blocked
    /// them (`TableAccess.notHidden`), a row for each side of each block. A view reads its
    /// tables as its owner: `user_blocks` through the owner's `user_blocks_definer` policy
    /// (a superuser owner passes every policy), since a member reads only their own blocks
    /// as rows. `security_barrier`, so a member reading it learns only their own list.
    static func hiddenView(schema: String) -> String {
        """
        CREATE OR REPLACE VIEW \(schema).app_hidden WITH (security_barrier) AS
            SELECT CASE WHEN b.blocker_id = me.id THEN b.blocked_id ELSE b.blocker_id END AS id
            FROM \(schema).app_me me JOIN \(schema).user_blocks b ON me.id IN (b.blocker_id, b.blocked_id)
        """
    }

    /// `app_user_id()`: the acting member's user id (`app_me`'s), for the functions and for
    /// psql. Invoker's rights; `search_path` fixed.
    static func userIDFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION app_user_id() RETURNS text
            LANGUAGE plpgsql STABLE SET search_path = \(schema), pg_temp
            AS $fn$ BEGIN RETURN (SELECT id FROM app_me); END $fn$
        """
    }

    /// `app_hidden_ids()`: `app_hidden` as an array, never NULL, for psql. The owner's
    /// rights, as the view's.
    static func hiddenFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION app_hidden_ids() RETURNS text[]
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$ BEGIN RETURN (SELECT coalesce(array_agg(DISTINCT id), '{}') FROM app_hidden); END $fn$
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
        """
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
            v_me := app_user_id();
            IF v_me IS NULL THEN
                RAISE EXCEPTION 'no user named %', session_user USING ERRCODE = '42501';
            END IF;
            FOR attempt IN 1..5 LOOP
                v_bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
                v_code := \(codeExpression);
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

    /// A code of `InviteCode.length` characters of `InviteCode.alphabet` from the random
    /// bytes in `v_bytes` (a version 4 UUID's: bytes 6 and 8 carry its version and variant,
    /// and the pairs avoid them; two bytes a character, so the modulo's bias is 2 in 65,536),
    /// as `mate_invite()` and `mate_drop()` draw theirs.
    static var codeExpression: String {
        let alphabet = String(InviteCode.alphabet)
        return [0, 2, 4, 9, 11, 13].prefix(InviteCode.length).map { first in
            "substr('\(alphabet)', ((get_byte(v_bytes, \(first)) * 256 + get_byte(v_bytes, \(first + 1))) "
                + "% \(alphabet.count)) + 1, 1)"
        }.joined(separator: " || ")
    }

    /// The wrong-code guard `mate_join` and `mate_catch` share, for a function returning
    /// (outcome, text) with `v_me` and `v_now` declared: one call at a time per member (a
    /// second's call waits for nothing: it is refused), a second's cost each, then the
    /// member's `attemptLimit` and the database's `databaseAttemptUsers` in the window, by
    /// the server's clock (`v_now` is set here).
    static let attemptGuard = """
            BEGIN
                PERFORM 1 FROM users u WHERE u.id = v_me FOR NO KEY UPDATE NOWAIT;
            EXCEPTION WHEN lock_not_available THEN
                RETURN QUERY SELECT 'too_many_attempts'::text, NULL::text;
                RETURN;
            END;
            PERFORM pg_sleep(\(joinDelaySeconds));
            v_now := \(TableAccess.serverMilliseconds("clock_timestamp()"));
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
        """

    /// The most conditions `app_delete` takes (the app's deletes use at most 2; building a
    /// statement of 40,000 took 44 s of the server's time).
    static let maximumDeleteConditions = 16

    /// The signature of `app_delete`, for grants.
    static let deleteFunctionSignature = "app_delete(text, text[], text[], text[])"

    /// `app_delete(table, columns, comparisons, values)`: `DELETE FROM table WHERE column
    /// comparison value AND ...`, for members, who hold no `DELETE` on any table
    /// (`TableAccess`). It runs with the rights of its owner, the deleting role, which holds
    /// `DELETE` on the tables members delete from and `SELECT` on what they read, and is
    /// not the tables' owner: the policies that hold are the member's own (`session_user`),
    /// none of the owner's `definer` ones. The table must be one of the schema's the role
    /// may delete from; each column one of its columns, each comparison `=`, `<`, `<=`, `>`
    /// or `>=`, each value text cast to the column's type; 1 to `maximumDeleteConditions`
    /// conditions. Returns
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
            IF coalesce(cardinality(p_columns), 0) NOT BETWEEN 1 AND \(Self.maximumDeleteConditions)
                OR cardinality(p_comparisons) IS DISTINCT FROM cardinality(p_columns)
                OR cardinality(p_values) IS DISTINCT FROM cardinality(p_columns) THEN
                RAISE EXCEPTION 'app_delete takes one comparison and one value for each of 1 to % columns',
                    \(Self.maximumDeleteConditions) USING ERRCODE = '22023';
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
    /// tells the sender; nothing is returned but the count. A request someone holds locked (a
    /// member's own, `FOR UPDATE` in an open transaction) is passed over, not waited for:
    /// it reads back as expired anyway, and the next call stores it.
    static func expireFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION walk_requests_expire(p_now bigint) RETURNS integer
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$
        DECLARE
            v_count integer;
        BEGIN
            UPDATE walk_requests SET status = 'expired'
                WHERE id IN (
                    SELECT id FROM walk_requests WHERE status = 'pending'
                        AND expires_at <= LEAST(p_now, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint)
                    FOR UPDATE SKIP LOCKED);
            GET DIAGNOSTICS v_count = ROW_COUNT;
            RETURN v_count;
        END
        $fn$
        """
    }

    /// The trigger functions that write the inbox (created by the Walks, Mates and BookStories
    /// migrations): setup gives them the owner's rights and a fixed `search_path`, since
    /// members may not write the inbox themselves.
    static let inboxTriggerFunctions = [
        "walk_requests_inbox()", "mates_inbox()", "book_comments_inbox()", "mate_drops_inbox()",
    ]

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
            v_me := app_user_id();
            IF v_me IS NULL OR p_code IS NULL THEN
                RETURN QUERY SELECT 'failed'::text, NULL::text;
                RETURN;
            END IF;
            \(attemptGuard)
            UPDATE mate_invites i SET used_by = v_me
                WHERE i.code = p_code AND i.used_by IS NULL AND i.expires_at > v_now AND i.inviter_id <> v_me
                    AND NOT EXISTS (SELECT 1 FROM mates m WHERE m.user_id = v_me AND m.mate_id = i.inviter_id)
                    AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = v_me AND b.blocked_id = i.inviter_id)
                        OR (b.blocker_id = i.inviter_id AND b.blocked_id = v_me))
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
