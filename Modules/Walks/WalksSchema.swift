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
                """)
    ]
}
