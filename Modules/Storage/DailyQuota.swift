import Core
import Time

/// A daily limit on the rows one person adds to a table (100 comments, 20 reports): the
/// number lives in Swift (the use case reads what is left and refuses with its own error)
/// and in the database, whose trigger counts each new row in `daily_counts` and refuses
/// the one past the limit, so a member writing with `psql` is held to it too.
///
/// A day is a UTC day: by the server's clock on PostgreSQL, where the trigger dates the
/// count by `statement_timestamp()` (a member cannot date a row to escape it), and by the
/// row's `created_at` on SQLite, the app's clock. The count is kept apart from the rows,
/// so a deleted row does not give its place back, and updating it locks only the
/// person's own count: two of their transactions at once take turns, and nobody else
/// waits. Only the owner's trigger writes `daily_counts` (`SECURITY DEFINER`, an `AFTER`
/// trigger, so it counts only a row the table's policies took).
public struct DailyQuota: Sendable {
    /// The kind of row counted (`comments`), also the key in `daily_counts`.
    public let kind: String
    /// The table whose new rows count.
    public let table: String
    /// Its column of the person who adds the row.
    public let userColumn: String
    /// The most rows a person adds in a day.
    public let maximum: Int

    /// A limit of `maximum` rows of `table` a day per `userColumn`.
    public init(kind: String, table: String, userColumn: String, maximum: Int) {
        self.kind = kind
        self.table = table
        self.userColumn = userColumn
        self.maximum = maximum
    }

    /// The trigger's message past the limit, which `isExceeded` recognises.
    public var message: String { "\(table): at most \(maximum) \(kind) a day" }

    /// The migration that installs the trigger, numbered `version` in the table's module.
    public func migration(version: Int) -> Migration {
        let trigger = "\(table)_quota"
        let day = "NEW.created_at / 86400000"
        return Migration(
            version: version, summary: "at most \(maximum) \(kind) a day from one person",
            sql: """
                CREATE TRIGGER \(trigger) AFTER INSERT ON \(table)
                BEGIN
                    DELETE FROM daily_counts WHERE user_id = NEW.\(userColumn) AND kind = '\(kind)' AND day < \(day);
                    INSERT INTO daily_counts (user_id, kind, day, used) VALUES (NEW.\(userColumn), '\(kind)', \(day), 1)
                        ON CONFLICT (user_id, kind, day) DO UPDATE SET used = used + 1;
                    SELECT RAISE(ABORT, '\(message)') WHERE (SELECT used FROM daily_counts
                        WHERE user_id = NEW.\(userColumn) AND kind = '\(kind)' AND day = \(day)) > \(maximum);
                END;
                """,
            postgreSQL: """
                CREATE FUNCTION \(trigger)() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $fn$
                DECLARE
                    v_day bigint := \(Self.serverDay);
                    v_used bigint;
                BEGIN
                    DELETE FROM daily_counts WHERE user_id = NEW.\(userColumn) AND kind = '\(kind)' AND day < v_day;
                    INSERT INTO daily_counts AS d (user_id, kind, day, used) VALUES (NEW.\(userColumn), '\(kind)', v_day, 1)
                        ON CONFLICT (user_id, kind, day) DO UPDATE SET used = d.used + 1
                        RETURNING d.used INTO v_used;
                    IF v_used > \(maximum) THEN
                        RAISE EXCEPTION '\(message)' USING ERRCODE = '23514';
                    END IF;
                    RETURN NULL;
                END
                $fn$;
                REVOKE ALL ON FUNCTION \(trigger)() FROM PUBLIC;
                CREATE TRIGGER \(trigger) AFTER INSERT ON \(table) FOR EACH ROW EXECUTE FUNCTION \(trigger)();
                """)
    }

    /// Today's day number on the PostgreSQL server: days since 1970, UTC.
    private static let serverDay = "floor(extract(epoch FROM statement_timestamp()) / 86400)::bigint"

    /// How many rows `userID` added today: the day of `now` on SQLite, the server's today on
    /// PostgreSQL (as the trigger counts).
    public func used(by userID: String, at now: Instant, in database: any Database) throws -> Int {
        let day: String
        var arguments: [SQLValue] = [.text(userID), .text(kind)]
        switch database.dialect.name {
        case .postgreSQL: day = Self.serverDay
        case .sqlite:
            day = "?3"
            arguments.append(.int(now.millisecondsSince1970 / 86_400_000))
        }
        return try database.queryOne(
            "SELECT used FROM daily_counts WHERE user_id = ?1 AND kind = ?2 AND day = \(day)", arguments
        ) { try $0.int(0) } ?? 0
    }

    /// Whether `error` is the trigger refusing a row past the limit.
    public func isExceeded(_ error: any Error) -> Bool {
        guard let storage = error as? StorageError else { return false }
        return storage.failure == .constraint && storage.message.contains(message)
    }
}
