import Core
import Storage
import Time

/// Profiles in the `profiles` table; also the `ProfileDirectory` other features read.
public struct SQLProfileRepository: ProfileRepository, ProfileDirectory {
    private let database: any Database

    /// A repository over `database` (migrated with the Profiles plugin's migrations).
    public init(database: any Database) { self.database = database }

    /// Every column but the JPEGs themselves, which only `photoJPEG` reads.
    private static let columns = """
        user_id, nickname, dog_name, dog_age, dog_sex, dog_neutered, dog_size, dog_keywords, created_at, updated_at,
        card_width, card_height, card_bytes, card_sha256, thumbnail_width, thumbnail_height, thumbnail_bytes,
        thumbnail_sha256
        """

    /// The profile of `userID`.
    public func profile(of userID: String) throws -> Profile? {
        try database.queryOne("SELECT \(Self.columns) FROM profiles WHERE user_id = ?", [.text(userID)], Self.profile)
    }

    /// Whether another user has this nickname, ignoring case.
    public func isNicknameTaken(_ nickname: String, byOtherThan userID: String) throws -> Bool {
        try database.queryOne(
            "SELECT 1 FROM profiles WHERE nickname_folded = ? AND user_id <> ?",
            [.text(Profile.folded(nickname)), .text(userID)]
        ) { _ in true } ?? false
    }

    /// Stores a new profile, without a photo.
    public func insert(_ profile: Profile) throws {
        do {
            try database.execute(
                """
                INSERT INTO profiles (user_id, nickname, nickname_folded, dog_name, dog_age, dog_sex, dog_neutered,
                    dog_size, dog_keywords, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [.text(profile.userID)] + Self.fields(of: profile) + [
                    .instant(profile.createdAt), .instant(profile.updatedAt),
                ])
        } catch let error as StorageError where error.failure == .duplicate {
            throw try isNicknameTaken(profile.nickname, byOtherThan: profile.userID)
                ? ProfileError.nicknameTaken(profile.nickname)
                : AppError(code: "profiles.exists", message: "the user already has a profile")
        }
    }

    /// Replaces a stored profile's fields, keeping its photo.
    public func update(_ profile: Profile) throws {
        let changed: Int
        do {
            changed = try database.execute(
                """
                UPDATE profiles SET nickname = ?, nickname_folded = ?, dog_name = ?, dog_age = ?, dog_sex = ?,
                    dog_neutered = ?, dog_size = ?, dog_keywords = ?, updated_at = ?
                WHERE user_id = ?
                """, Self.fields(of: profile) + [.instant(profile.updatedAt), .text(profile.userID)])
        } catch let error as StorageError where error.failure == .duplicate {
            throw ProfileError.nicknameTaken(profile.nickname)
        }
        guard changed == 1 else { throw ProfileError.notFound("the acting user") }
    }

    /// Replaces the photo in one UPDATE: the old JPEGs go with the statement that stores the new.
    public func setPhoto(
        of userID: String, card: ProcessedPhoto.Image, thumbnail: ProcessedPhoto.Image, at updatedAt: Instant
    ) throws -> ProfilePhoto {
        let photo = ProfilePhoto(card: StoredImage(card), thumbnail: StoredImage(thumbnail))
        let changed = try database.execute(
            """
            UPDATE profiles SET card_jpeg = ?, card_width = ?, card_height = ?, card_bytes = ?, card_sha256 = ?,
                thumbnail_jpeg = ?, thumbnail_width = ?, thumbnail_height = ?, thumbnail_bytes = ?,
                thumbnail_sha256 = ?, updated_at = ?
            WHERE user_id = ?
            """,
            Self.fields(card, photo.card) + Self.fields(thumbnail, photo.thumbnail) + [
                .instant(updatedAt), .text(userID),
            ])
        guard changed == 1 else { throw ProfileError.yoursNotFound() }
        return photo
    }

    /// The JPEG bytes of `userID`'s photo in `size`.
    public func photoJPEG(of userID: String, size: ProfilePhotoSize) throws -> [UInt8]? {
        // The column name comes from the enum, never from input.
        let column = size == .card ? "card_jpeg" : "thumbnail_jpeg"
        return try database.queryOne(
            "SELECT \(column) FROM profiles WHERE user_id = ? AND \(column) IS NOT NULL", [.text(userID)]
        ) { $0.blob(0) }
    }

    /// The public face of `userID`'s profile.
    public func entry(for userID: String) throws -> ProfileDirectoryEntry? {
        try profile(of: userID).map(Self.entry)
    }

    /// The public faces of these users' profiles: one statement (on SQLite, one per
    /// `SQLDialect.longestSQLiteList` users); a row that cannot be read is left out.
    public func entries(for userIDs: some Collection<String>) throws -> [String: ProfileDirectoryEntry] {
        var found: [String: ProfileDirectoryEntry] = [:]
        for chunk in database.dialect.chunks(of: Array(Set(userIDs))) {
            let (inList, arguments) = database.dialect.inList("user_id", chunk.map(SQLValue.text))
            try database.forEach("SELECT \(Self.columns) FROM profiles WHERE \(inList)", arguments) { row in
                guard let profile = try? Self.profile(row) else { return }
                found[profile.userID] = Self.entry(profile)
            }
        }
        return found
    }

    private static func entry(_ profile: Profile) -> ProfileDirectoryEntry {
        ProfileDirectoryEntry(
            userID: profile.userID, nickname: profile.nickname, dogName: profile.dog.name,
            dogKeywords: profile.dog.keywords.map(\.rawValue), thumbnail: profile.photo?.thumbnail)
    }

    private static func fields(of profile: Profile) -> [SQLValue] {
        let dog = profile.dog
        return [
            .text(profile.nickname), .text(Profile.folded(profile.nickname)), .text(dog.name), .int(dog.age),
            .text(dog.sex.rawValue), .bool(dog.neutered), .text(dog.size.rawValue),
            .text(dog.keywords.map(\.rawValue).joined(separator: ",")),
        ]
    }

    private static func fields(_ image: ProcessedPhoto.Image, _ stored: StoredImage) -> [SQLValue] {
        [.blob(image.jpeg), .int(stored.width), .int(stored.height), .int(stored.bytes), .text(stored.sha256)]
    }

    private static func image(_ row: Row, from index: Int32) throws -> StoredImage? {
        guard !row.isNull(index) else { return nil }
        return StoredImage(
            width: try row.int(index), height: try row.int(index + 1), bytes: try row.int(index + 2),
            sha256: try row.string(index + 3))
    }

    private static func profile(_ row: Row) throws -> Profile {
        guard let sex = DogSex(rawValue: try row.string(4)), let size = DogSize(rawValue: try row.string(6)) else {
            throw StorageError(.corrupt, message: "a stored dog has an unknown sex or size")
        }
        let keywords = try row.string(7).split(separator: ",").map { word in
            guard let keyword = DogKeyword(rawValue: String(word)) else {
                throw StorageError(.corrupt, message: "a stored dog has the unknown keyword '\(word)'")
            }
            return keyword
        }
        let dog = try Dog(
            name: try row.string(2), age: try row.int(3), sex: sex, neutered: try row.bool(5), size: size,
            keywords: keywords)
        var photo: ProfilePhoto?
        if let card = try image(row, from: 10), let thumbnail = try image(row, from: 14) {
            photo = ProfilePhoto(card: card, thumbnail: thumbnail)
        }
        return try Profile(
            userID: try row.string(0), nickname: try row.string(1), dog: dog, photo: photo,
            createdAt: try row.instant(8), updatedAt: try row.instant(9))
    }
}
