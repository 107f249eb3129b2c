import Core

/// The Mates module's tables: invites, wrong-code attempts, the (symmetric) mate links, reports.
enum MatesSchema {
    static let migrations: [Migration] = [
        Migration(
            version: 1, summary: "invites, attempts, mates and reports",
            sql: """
                CREATE TABLE mate_invites (
                    code TEXT PRIMARY KEY NOT NULL,
                    inviter_id TEXT NOT NULL REFERENCES users (id),
                    created_at INTEGER NOT NULL,
                    expires_at INTEGER NOT NULL,
                    used_by TEXT REFERENCES users (id)
                ) WITHOUT ROWID;
                CREATE TABLE mate_attempts (
                    user_id TEXT NOT NULL REFERENCES users (id),
                    at INTEGER NOT NULL
                );
                CREATE INDEX mate_attempts_by_user ON mate_attempts (user_id, at);
                CREATE TABLE mates (
                    user_id TEXT NOT NULL REFERENCES users (id),
                    mate_id TEXT NOT NULL REFERENCES users (id),
                    since INTEGER NOT NULL,
                    PRIMARY KEY (user_id, mate_id)
                ) WITHOUT ROWID;
                CREATE TABLE mate_reports (
                    id INTEGER PRIMARY KEY,
                    reporter_id TEXT NOT NULL REFERENCES users (id),
                    reported_id TEXT NOT NULL REFERENCES users (id),
                    reason TEXT NOT NULL CHECK (reason IN ('violent_on_walk', 'offensive_language', 'other')),
                    message TEXT,
                    created_at INTEGER NOT NULL
                );
                """),
        Migration(
            version: 2, summary: "wrong codes counted by time across users",
            sql: "CREATE INDEX mate_attempts_by_time ON mate_attempts (at);"),
    ]
}
