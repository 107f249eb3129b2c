import Core
import Formats
import Storage

/// The `profiles` section of the export document: the user's profile, with both JPEGs of
/// its photo (base64 in JSON, bytes in Lua) and their width, height, size and SHA-256.
public struct SQLProfilesSection: PortableSection {
    private let database: any Database

    /// The section over `database`.
    public init(database: any Database) { self.database = database }

    /// `profiles`.
    public var name: String { "profiles" }

    /// 1: the layout of profiles and photos since the export document began.
    public var version: Int { 1 }

    /// `{profile = {nickname, dog, created_at, updated_at, photo?}}`, or `{}` without a profile.
    public func export(for user: User) throws -> Record {
        guard let profile = try SQLProfileRepository(database: database).profile(of: user.id) else { return Record() }
        let dog = profile.dog
        var record = Record([
            ("nickname", .string(profile.nickname)),
            (
                "dog",
                .table(
                    Record([
                        ("name", .string(dog.name)), ("age", .int(dog.age)), ("sex", .string(dog.sex.rawValue)),
                        ("neutered", .bool(dog.neutered)), ("size", .string(dog.size.rawValue)),
                        ("keywords", .array(dog.keywords.map { .string($0.rawValue) })),
                    ]))
            ),
            ("created_at", .int(profile.createdAt.millisecondsSince1970)),
            ("updated_at", .int(profile.updatedAt.millisecondsSince1970)),
        ])
        if let photo = profile.photo {
            let repository = SQLProfileRepository(database: database)
            var photoRecord = Record()
            for (size, stored) in [(ProfilePhotoSize.card, photo.card), (.thumbnail, photo.thumbnail)] {
                photoRecord[size.rawValue] = .table(
                    Record([
                        ("jpeg", .bytes(try repository.photoJPEG(of: user.id, size: size) ?? [])),
                        ("width", .int(stored.width)), ("height", .int(stored.height)), ("bytes", .int(stored.bytes)),
                        ("sha256", .string(stored.sha256)),
                    ]))
            }
            record["photo"] = .table(photoRecord)
        }
        return Record([("profile", .table(record))])
    }

    /// Adds the profile when the user has none (another profile is reported); a photo whose bytes do not match its
    /// SHA-256 or are not a JPEG is reported and left out, the profile kept.
    public func importSection(_ section: Record, version: Int, for user: User, report: inout ImportReport) throws {
        let document = PortableRecord(section, path: "sections.profiles")
        guard let item = try document.optionalRecord("profile") else { return }
        let repository = SQLProfileRepository(database: database)
        if let own = try repository.profile(of: user.id) {
            report.skip("profiles")
            // The same profile again (a second import) is only skipped; another is said.
            let incoming = try item.string("nickname")
            if incoming.trimmingWhitespace != own.nickname {
                report.cannotRepresent(
                    "profile: you have one already (nickname \(own.nickname)); the document's (nickname \(incoming)) is left out"
                )
            }
            return
        }
        guard let dogRecord = try item.optionalRecord("dog") else {
            throw AppError.invalidArgument("\(item.path).dog is missing", field: "\(item.path).dog")
        }
        guard let sex = DogSex(rawValue: try dogRecord.string("sex")),
            let size = DogSize(rawValue: try dogRecord.string("size"))
        else { throw AppError.invalidArgument("\(dogRecord.path) has an unknown sex or size", field: dogRecord.path) }
        let keywords = try dogRecord.strings("keywords").map { word in
            guard let keyword = DogKeyword(rawValue: word) else {
                throw AppError.invalidArgument("unknown dog keyword \(word)", field: "\(dogRecord.path).keywords")
            }
            return keyword
        }
        let dog = try dogRecord.checked {
            try Dog(
                name: try dogRecord.string("name"), age: try dogRecord.int("age"), sex: sex,
                neutered: try dogRecord.bool("neutered"), size: size, keywords: keywords)
        }
        let profile = try item.checked {
            try Profile(
                userID: user.id, nickname: try item.string("nickname"), dog: dog, photo: nil,
                createdAt: try item.instant("created_at"), updatedAt: try item.instant("updated_at"))
        }
        if try repository.isNicknameTaken(profile.nickname, byOtherThan: user.id) {
            report.cannotRepresent("profile: another user has the nickname \(profile.nickname); left out")
            return
        }
        try repository.insert(profile)
        report.add("profiles")
        guard let photo = try item.optionalRecord("photo") else { return }
        var images: [(jpeg: [UInt8], width: Int, height: Int, sha256: String)] = []
        for size in [ProfilePhotoSize.card, .thumbnail] {
            guard let image = try photo.optionalRecord(size.rawValue), let jpeg = try image.optionalBytes("jpeg") else {
                report.cannotRepresent("profile photo: the \(size.rawValue) is missing; the photo is left out")
                return
            }
            let sha256 = try image.string("sha256")
            guard jpeg.starts(with: [0xFF, 0xD8, 0xFF]), SHA256.hex(jpeg) == sha256 else {
                report.cannotRepresent(
                    "profile photo: the \(size.rawValue) is not a JPEG or not its SHA-256; the photo is left out")
                return
            }
            images.append((jpeg, try image.int("width"), try image.int("height"), sha256))
        }
        try database.execute(
            """
            UPDATE profiles SET card_jpeg = ?, card_width = ?, card_height = ?, card_bytes = ?, card_sha256 = ?,
                thumbnail_jpeg = ?, thumbnail_width = ?, thumbnail_height = ?, thumbnail_bytes = ?, thumbnail_sha256 = ?
            WHERE user_id = ?
            """,
            images.flatMap { [.blob($0.jpeg), .int($0.width), .int($0.height), .int($0.jpeg.count), .text($0.sha256)] }
                + [.text(user.id)])
        report.add("photos")
    }
}
