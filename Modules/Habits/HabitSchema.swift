import Core
import Storage

/// The Habits module's tables.
enum HabitSchema {
    static let migrations: [Migration] = [
        Migration(
            version: 1, summary: "habits, their tracking periods and completions",
            sql: """
                CREATE TABLE habits (
                    id TEXT PRIMARY KEY NOT NULL,
                    owner_id TEXT NOT NULL REFERENCES users (id),
                    name TEXT NOT NULL,
                    start_day TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                );
                CREATE INDEX habits_by_owner ON habits (owner_id, created_at);
                CREATE INDEX habits_by_name ON habits (owner_id, name);
                CREATE TABLE habit_periods (
                    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    start_day TEXT NOT NULL,
                    end_day TEXT,
                    PRIMARY KEY (habit_id, position)
                ) WITHOUT ROWID;
                CREATE TABLE habit_completions (
                    id TEXT PRIMARY KEY NOT NULL,
                    habit_id TEXT NOT NULL REFERENCES habits (id),
                    completed_on TEXT NOT NULL,
                    recorded_at INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX habit_completions_by_day ON habit_completions (habit_id, completed_on);
                """),
        // The name folded for comparison (trimmed, lowercased, NFC), which SQLite cannot
        // compute: habits stored before keep NULL until renamed, and the name check folds
        // those itself.
        Migration(
            version: 2, summary: "habit names folded for the unique-name check",
            sql: """
                ALTER TABLE habits ADD COLUMN name_folded TEXT;
                CREATE INDEX habits_by_folded_name ON habits (owner_id, name_folded);
                """),
        // Habits made in one millisecond keep the order they were made in by an explicit
        // number instead of SQLite's rowid, which PostgreSQL has not; existing habits take
        // their rowid, so their order stays. The owner index carries it and the id, and is
        // unique, so listing sorts nothing and SQLite knows each habit row comes once (the
        // completions joined to them then need no sort either, as with the rowid before);
        // the number index makes finding the next number one index step.
        Migration(
            version: 3, summary: "habits numbered in the order they were made",
            sql: """
                ALTER TABLE habits ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
                UPDATE habits SET seq = rowid;
                DROP INDEX habits_by_owner;
                CREATE UNIQUE INDEX habits_by_owner ON habits (owner_id, created_at, seq, id);
                CREATE INDEX habits_by_seq ON habits (seq);
                """,
            postgreSQL: """
                ALTER TABLE habits ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
                DROP INDEX habits_by_owner;
                CREATE UNIQUE INDEX habits_by_owner ON habits (owner_id, created_at, seq, id);
                CREATE INDEX habits_by_seq ON habits (seq);
                """),
        Migration(
            version: 4, summary: "habit frequencies, measures, skips, pauses, amounts and notes",
            sql: HabitDetailsSchema.sql),
        // A reminder is a habit's time of day, `HH:MM` as text (local to whichever zone the
        // loop runs in, as an alarm clock's); the habit's other rows go with it.
        Migration(
            version: 5, summary: "habit reminders",
            sql: """
                CREATE TABLE habit_reminders (
                    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
                    remind_at TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (habit_id, remind_at)
                );
                """),
        // No instant column holds a number outside the years 1 to 9999: the app's arithmetic
        // on one read back would overflow (a CHECK on PostgreSQL; see
        // InstantColumnChecks). A set-up server gets it from admin.setup().
        InstantColumnChecks.migration(
            version: 6,
            columns: [
                ("habits", ["created_at", "updated_at"]), ("habit_completions", ["recorded_at"]),
                ("habit_amounts", ["updated_at"]), ("habit_notes", ["updated_at"]), ("habit_reminders", ["created_at"]),
            ]),
        // A member's new habit was numbered after the largest `seq` they could see.
        SeqIdentity.migration(version: 7, tables: ["habits"]),
    ]
}
