import Core
import Storage

/// The Profiles module's table: one profile per user, the nickname unique ignoring case, and
/// its photo's two JPEGs in the row (the database holds everything: a copy or a backup has
/// the photos, `:memory:` leaves no file behind).
enum ProfilesSchema {
    /// The limits of step 4.
    private static var limits: [(table: String, rules: [TextLengthChecks.Rule])] {
        [
            (
                "profiles",
                [
                    .text("nickname", maximum: Profile.maximumNicknameLength, nonEmpty: true),
                    .text("nickname_folded", maximum: Profile.maximumNicknameLength * 4, nonEmpty: true),
                    .text("dog_name", maximum: Dog.maximumNameLength, nonEmpty: true),
                    .range("dog_age", 0...99),
                    .text("dog_keywords", maximum: 64),
                    TextLengthChecks.Rule(
                        name: "dog_sex", condition: "dog_sex IN (\(sexes))"),
                    TextLengthChecks.Rule(
                        name: "dog_size", condition: "dog_size IN (\(sizes))"),
                ]
            )
        ]
    }

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
                """,
            // dog_neutered is a boolean, which SQLite stores as INTEGER 0 or 1.
            postgreSQL: """
                CREATE TABLE profiles (
                    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id),
                    nickname TEXT NOT NULL,
                    nickname_folded TEXT NOT NULL UNIQUE,
                    dog_name TEXT NOT NULL,
                    dog_age BIGINT NOT NULL,
                    dog_sex TEXT NOT NULL,
                    dog_neutered BOOLEAN NOT NULL,
                    dog_size TEXT NOT NULL,
                    dog_keywords TEXT NOT NULL,
                    card_path TEXT,
                    thumbnail_path TEXT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                );
                """),
        // Photos move from files beside the database into the row. The old paths wait in
        // `profile_photo_files` until `ProfilePhotoFileImport` has read the files in (a
        // migration step is SQL; reading files is Swift, run right after migrating).
        Migration(
            version: 2, summary: "profile photos in the database",
            sql: """
                CREATE TABLE profile_photo_files (
                    user_id TEXT PRIMARY KEY NOT NULL,
                    card_path TEXT,
                    thumbnail_path TEXT
                );
                INSERT INTO profile_photo_files (user_id, card_path, thumbnail_path)
                    SELECT user_id, card_path, thumbnail_path FROM profiles
                    WHERE card_path IS NOT NULL OR thumbnail_path IS NOT NULL;
                ALTER TABLE profiles DROP COLUMN card_path;
                ALTER TABLE profiles DROP COLUMN thumbnail_path;
                ALTER TABLE profiles ADD COLUMN card_jpeg BLOB;
                ALTER TABLE profiles ADD COLUMN card_width INTEGER;
                ALTER TABLE profiles ADD COLUMN card_height INTEGER;
                ALTER TABLE profiles ADD COLUMN card_bytes INTEGER;
                ALTER TABLE profiles ADD COLUMN card_sha256 TEXT;
                ALTER TABLE profiles ADD COLUMN thumbnail_jpeg BLOB;
                ALTER TABLE profiles ADD COLUMN thumbnail_width INTEGER;
                ALTER TABLE profiles ADD COLUMN thumbnail_height INTEGER;
                ALTER TABLE profiles ADD COLUMN thumbnail_bytes INTEGER;
                ALTER TABLE profiles ADD COLUMN thumbnail_sha256 TEXT;
                """),
        // No instant column holds a number outside the years 1 to 9999: the app's arithmetic
        // on one read back would overflow (a CHECK on PostgreSQL; see
        // InstantColumnChecks). A set-up server gets it from admin.setup().
        InstantColumnChecks.migration(
            version: 3, columns: [("profiles", ["created_at", "updated_at"])]),
        // The app's limits are the database's: a nickname of at most 8
        // characters and a dog's name of at most 15 (`String.databaseLength`), an age of 0 to
        // 99, a sex and a size of the app's; the keywords' list is bounded, not parsed.
        TextLengthChecks.migration(version: 4, summary: "profiles within the app's limits", tables: limits),
        // Text within its bytes too (`TextLengthChecks.byteMigration`).
        TextLengthChecks.byteMigration(version: 5, tables: limits),
    ]

    private static let sexes = DogSex.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    private static let sizes = DogSize.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
}
