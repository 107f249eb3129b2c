/// A limit on the rows one person adds to a table in a minute (30 walk requests, 10 profile
/// drops), held on PostgreSQL by a trigger that counts, before each insert, the person's
/// rows of the last 60 seconds by `created_at` (the server's clock there), so a member
/// writing with `psql` in one transaction at a time cannot flood anyone (transactions at
/// once each count only the committed rows and their own: docs/postgres-internals.md,
/// "Known limits"). The count reads the person's own rows, which row-level security lets
/// them see, through an index on `userColumn`. The app recognises
/// `message` when the trigger refuses; it may ask the same count itself, before an insert
/// (the drops) or to say why one was refused (the walk requests).
///
/// The text this makes is part of released migrations: it must never change.
public struct MinuteRate: Sendable {
    /// The table whose new rows count.
    public let table: String
    /// The alias of the table in the trigger's count.
    public let alias: String
    /// Its column of the person who adds the row.
    public let userColumn: String
    /// The most rows a person adds in a minute.
    public let maximum: Int
    /// The trigger's message past the limit.
    public let message: String

    /// A limit of `maximum` rows of `table` a minute per `userColumn`.
    public init(table: String, alias: String, userColumn: String, maximum: Int, message: String) {
        self.table = table
        self.alias = alias
        self.userColumn = userColumn
        self.maximum = maximum
        self.message = message
    }

    /// PostgreSQL's trigger function `<table>_rate()` and its `BEFORE INSERT` trigger.
    public var postgreSQL: String {
        """
        CREATE FUNCTION \(table)_rate() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
            IF (SELECT count(*) FROM \(table) \(alias) WHERE \(alias).\(userColumn) = NEW.\(userColumn)
                AND \(alias).created_at > NEW.created_at - 60000) >= \(maximum) THEN
                RAISE EXCEPTION '\(message)' USING ERRCODE = '23514';
            END IF;
            RETURN NEW;
        END
        $fn$;
        CREATE TRIGGER \(table)_rate BEFORE INSERT ON \(table)
            FOR EACH ROW EXECUTE FUNCTION \(table)_rate();
        """
    }
}
