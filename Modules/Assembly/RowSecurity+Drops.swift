import Core
import Mates

/// The functions of profile drops on a set-up server (`ManageDrops`' rules by the server's
/// clock, with the owner's rights): members read only drops they are in, so catching by a
/// code, confirming and cancelling go through these.
extension RowSecurity {
    /// Every drop function, as made in `schema`.
    static func dropFunctions(schema: String) -> [String] {
        [
            dropFunction(schema: schema), catchFunction(schema: schema), confirmFunction(schema: schema),
            cancelFunction(schema: schema), dropsExpireFunction(schema: schema),
        ]
    }

    /// Their signatures, for grants.
    static let dropFunctionSignatures = [
        "mate_drop()", "mate_catch(text)", "mate_drop_confirm(text)", "mate_drop_cancel(text)", "mate_drops_expire()",
    ]

    private static let now = TableAccess.serverMilliseconds("clock_timestamp()")

    /// `mate_drop()`: the member's new drop (its id), alive `ManageDrops.lifetime` seconds by
    /// the server's clock; their earlier live drop is cancelled. A member without a profile
    /// drops nothing (and catches nothing).
    static func dropFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION mate_drop() RETURNS text
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$
        DECLARE
            v_me text := app_user_id();
            v_now bigint := \(now);
            v_bytes bytea;
            v_id text := gen_random_uuid()::text;
        BEGIN
            IF v_me IS NULL OR NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = v_me) THEN
                RAISE EXCEPTION 'a drop needs a profile: %', session_user USING ERRCODE = '42501';
            END IF;
            UPDATE mate_drops SET status = 'cancelled', ended_at = v_now
                WHERE dropper_id = v_me AND status IN ('waiting', 'caught') AND expires_at > v_now;
            FOR attempt IN 1..5 LOOP
                v_bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
                BEGIN
                    INSERT INTO mate_drops (id, code, dropper_id, status, created_at, expires_at)
                        VALUES (v_id, \(codeExpression), v_me, 'waiting', v_now, v_now + \(ManageDrops.lifetime * 1000));
                    RETURN v_id;
                EXCEPTION WHEN unique_violation THEN
                    NULL;
                END;
            END LOOP;
            RAISE EXCEPTION 'could not draw a free drop code';
        END
        $fn$
        """
    }

    /// `mate_catch(code)`: catches the live drop with that code for the member, under the
    /// wrong-code limits of `mate_join` (the same table, the same one-second cost a call):
    /// `caught` and the drop's id, or `failed` (one answer for every reason),
    /// `too_many_attempts`, `too_many_attempts_on_database`.
    static func catchFunction(schema: String) -> String {
        let words = DropWords.list.map { "'\($0)'" }.joined(separator: ", ")
        return """
            CREATE OR REPLACE FUNCTION mate_catch(p_code text)
                RETURNS TABLE (catch_outcome text, catch_drop text)
                LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(schema), pg_temp
                AS $fn$
            DECLARE
                v_me text := app_user_id();
                v_now bigint;
                v_own bigint;
                v_drop text;
                v_bytes bytea := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
                v_words text[] := ARRAY[\(words)];
            BEGIN
                IF v_me IS NULL OR p_code IS NULL OR NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = v_me) THEN
                    RETURN QUERY SELECT 'failed'::text, NULL::text;
                    RETURN;
                END IF;
                \(attemptGuard)
                UPDATE mate_drops d SET status = 'caught', catcher_id = v_me, caught_at = v_now,
                        words = v_words[1 + get_byte(v_bytes, 0) % \(DropWords.list.count)] || ' '
                            || v_words[1 + get_byte(v_bytes, 1) % \(DropWords.list.count)] || ' '
                            || v_words[1 + get_byte(v_bytes, 2) % \(DropWords.list.count)]
                    WHERE d.code = p_code AND d.status = 'waiting' AND d.expires_at > v_now AND d.dropper_id <> v_me
                        AND NOT EXISTS (SELECT 1 FROM mates m WHERE m.user_id = v_me AND m.mate_id = d.dropper_id)
                        AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = v_me AND b.blocked_id = d.dropper_id)
                            OR (b.blocker_id = d.dropper_id AND b.blocked_id = v_me))
                    RETURNING d.id INTO v_drop;
                IF v_drop IS NULL THEN
                    INSERT INTO mate_attempts (user_id, at) VALUES (v_me, v_now);
                    RETURN QUERY SELECT 'failed'::text, NULL::text;
                    RETURN;
                END IF;
                RETURN QUERY SELECT 'caught'::text, v_drop;
            END
            $fn$
            """
    }

    /// `mate_drop_confirm(id)`: the member's confirmation of a caught drop they are in, alive
    /// by the server's clock, between two people neither of whom blocked the other since;
    /// once both confirmed, the drop is finished and the two are mates. True when it changed
    /// anything.
    static func confirmFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION mate_drop_confirm(p_id text) RETURNS boolean
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$
        DECLARE
            v_me text := app_user_id();
            v_now bigint := \(now);
            v_drop mate_drops;
        BEGIN
            UPDATE mate_drops d SET
                    dropper_confirmed_at = CASE WHEN d.dropper_id = v_me THEN coalesce(d.dropper_confirmed_at, v_now)
                        ELSE d.dropper_confirmed_at END,
                    catcher_confirmed_at = CASE WHEN d.catcher_id = v_me THEN coalesce(d.catcher_confirmed_at, v_now)
                        ELSE d.catcher_confirmed_at END
                WHERE d.id = p_id AND d.status = 'caught' AND d.expires_at > v_now
                    AND (d.dropper_id = v_me OR d.catcher_id = v_me)
                    AND NOT EXISTS (SELECT 1 FROM user_blocks b
                        WHERE (b.blocker_id = d.dropper_id AND b.blocked_id = d.catcher_id)
                            OR (b.blocker_id = d.catcher_id AND b.blocked_id = d.dropper_id))
                RETURNING d.* INTO v_drop;
            IF v_drop.id IS NULL THEN
                RETURN false;
            END IF;
            IF v_drop.dropper_confirmed_at IS NOT NULL AND v_drop.catcher_confirmed_at IS NOT NULL THEN
                UPDATE mate_drops SET status = 'finished', ended_at = v_now WHERE id = p_id;
                INSERT INTO mates (user_id, mate_id, since) VALUES
                    (v_drop.catcher_id, v_drop.dropper_id, v_now), (v_drop.dropper_id, v_drop.catcher_id, v_now)
                    ON CONFLICT DO NOTHING;
            END IF;
            RETURN true;
        END
        $fn$
        """
    }

    /// `mate_drop_cancel(id)`: ends a live drop the member is in. True when it did.
    static func cancelFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION mate_drop_cancel(p_id text) RETURNS boolean
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$
        DECLARE
            v_me text := app_user_id();
            v_now bigint := \(now);
        BEGIN
            UPDATE mate_drops d SET status = 'cancelled', ended_at = v_now
                WHERE d.id = p_id AND d.status IN ('waiting', 'caught') AND d.expires_at > v_now
                    AND (d.dropper_id = v_me OR d.catcher_id = v_me);
            RETURN FOUND;
        END
        $fn$
        """
    }

    /// `mate_drops_expire()`: stores `expired` on every live drop past its end by the
    /// server's clock (any member may call it: it only records what the clock says), and
    /// removes drops that ended a day before, passing over drops someone holds locked;
    /// returns how many expired.
    static func dropsExpireFunction(schema: String) -> String {
        """
        CREATE OR REPLACE FUNCTION mate_drops_expire() RETURNS bigint
            LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(schema), pg_temp
            AS $fn$
        DECLARE
            v_count bigint;
        BEGIN
            UPDATE mate_drops SET status = 'expired', ended_at = expires_at
                WHERE id IN (SELECT d.id FROM mate_drops d WHERE d.status IN ('waiting', 'caught')
                    AND d.expires_at <= \(now) FOR UPDATE SKIP LOCKED);
            GET DIAGNOSTICS v_count = ROW_COUNT;
            DELETE FROM mate_drops WHERE id IN (SELECT d.id FROM mate_drops d
                WHERE d.status IN ('finished', 'cancelled', 'expired')
                    AND d.ended_at < \(now) - \(ManageDrops.keptSeconds * 1000) FOR UPDATE SKIP LOCKED);
            RETURN v_count;
        END
        $fn$
        """
    }
}
