import Core

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
    ]

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
