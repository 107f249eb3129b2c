import Core

/// The Profiles module's table: one profile per user, the nickname unique ignoring case.
enum ProfilesSchema {
    static let migrations: [Migration] = [
        Migration(
            version: 1, summary: "profiles",
            sql: """
                CREATE TABLE profiles (
                    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id),
                    nickname TEXT NOT NULL,
                    nickname_folded TEXT NOT NULL UNIQUE,
                    dog_name TEXT NOT NULL,
                    dog_age INTEGER NOT NULL,
                    dog_sex TEXT NOT NULL,
                    dog_neutered INTEGER NOT NULL,
                    dog_size TEXT NOT NULL,
                    dog_keywords TEXT NOT NULL,
                    card_path TEXT,
                    thumbnail_path TEXT,
                    created_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
    ]
}
