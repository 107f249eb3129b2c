import Storage
import Testing

/// `MinuteRate` writes text that released migrations hold (walk requests', profile drops'):
/// it must come out the same, to the character.
struct MinuteRateTests {
    @Test func theTriggerIsTheReleasedText() {
        let rate = MinuteRate(
            table: "walk_requests", alias: "r", userColumn: "sender_id", maximum: 30,
            message: "walk_requests: at most 30 requests a minute")
        #expect(
            rate.postgreSQL == """
                CREATE FUNCTION walk_requests_rate() RETURNS trigger LANGUAGE plpgsql AS $fn$
                BEGIN
                    IF (SELECT count(*) FROM walk_requests r WHERE r.sender_id = NEW.sender_id
                        AND r.created_at > NEW.created_at - 60000) >= 30 THEN
                        RAISE EXCEPTION 'walk_requests: at most 30 requests a minute' USING ERRCODE = '23514';
                    END IF;
                    RETURN NEW;
                END
                $fn$;
                CREATE TRIGGER walk_requests_rate BEFORE INSERT ON walk_requests
                    FOR EACH ROW EXECUTE FUNCTION walk_requests_rate();
                """)
    }
}
