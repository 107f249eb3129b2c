/// The tables of what a habit has beyond a daily yes/no (migration 4), in SQL that
/// PostgreSQL and SQLite both run: days as `YYYY-MM-DD` text, instants as `bigint`
/// milliseconds, no `rowid`, no booleans (a measure's direction is text).
enum HabitDetailsSchema {
    static let sql = """
        CREATE TABLE habit_frequencies (
            habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
            start_day TEXT NOT NULL,
            kind TEXT NOT NULL,
            times INTEGER NOT NULL,
            days INTEGER NOT NULL,
            weekdays TEXT NOT NULL,
            PRIMARY KEY (habit_id, start_day)
        );
        CREATE TABLE habit_measures (
            habit_id TEXT PRIMARY KEY NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
            unit TEXT NOT NULL,
            target DOUBLE PRECISION NOT NULL,
            direction TEXT NOT NULL
        );
        CREATE TABLE habit_skips (
            habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            PRIMARY KEY (habit_id, day)
        );
        CREATE TABLE habit_pauses (
            habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
            from_day TEXT NOT NULL,
            to_day TEXT NOT NULL,
            PRIMARY KEY (habit_id, from_day)
        );
        CREATE TABLE habit_amounts (
            habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            total DOUBLE PRECISION NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (habit_id, day)
        );
        CREATE TABLE habit_notes (
            habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            body TEXT NOT NULL,
            updated_at BIGINT NOT NULL,
            PRIMARY KEY (habit_id, day)
        );
        """
}
