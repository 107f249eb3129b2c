import Core
import Storage
import Time

/// SniffMeet's dog profiles: the `profiles` table of routes. Photos need an
/// `any PhotoProcessing` in the container (the composition root's); they are stored in the
/// database, and `ProfilePhotoFileImport` reads in the files an earlier version wrote.
public struct ProfilesPlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// `profiles`.
    public var name: String { "profiles" }

    /// The profiles table.
    public var migrations: [Migration] { ProfilesSchema.migrations }
    /// What members of a shared server may do to each of its tables (`ProfilesTableAccess`).
    public var tableAccess: [TableAccess] { ProfilesTableAccess.tables }

    /// Registers the use cases' dependencies over the `ProfileRepository` the composition
    /// root registered (`ProfilesSQLRepositories`, which is also the `ProfileDirectory`).
    public func register(in container: Container) {
        container.register(ProfileDependencies.self) { resolver in
            ProfileDependencies(
                profiles: try resolver.resolve((any ProfileRepository).self),
                users: try resolver.resolve((any UserRepository).self),
                transactions: try resolver.resolve((any TransactionRunner).self),
                clock: try resolver.resolve((any Clock).self))
        }
    }

    /// The `profiles` routes of the contract.
    public func routes() -> [Route] {
        [
            Route(
                "profiles.save", summary: "Creates or updates your profile: a nickname and your dog.",
                parameters: [
                    .option(
                        "nickname", .string, "2 to 8 characters after trimming, unique ignoring case.", required: true
                    ).freeText,
                    .option(
                        "dog", .record("dog_input"), "{name=, age=, sex=, neutered=?, size=, keywords=}.",
                        required: true),
                ],
                returns: "profile", errors: ["profiles.nickname_taken"],
                example:
                    #"profiles.save{nickname = "보리맘", dog = {name = "보리", age = 3, sex = "female", size = "small", keywords = {"friendly"}}}"#
            ) { arguments, context in
                guard case .table(let dog) = arguments["dog"] else {
                    throw AppError.invalidArgument("dog is a table", field: "dog")
                }
                let profile = try SaveProfile(try Self.dependencies(context))(
                    nickname: try arguments.string("nickname"), dog: try ProfileValues.dog(dog), userID: context.user.id
                )
                return ProfileValues.profile(profile, user: context.user)
            },
            Route(
                "profiles.set_photo",
                summary: "Sets your photo: a 392 x 591 card and a 100 x 100 thumbnail, JPEG, metadata stripped.",
                parameters: [
                    .positional(
                        "path", .string,
                        "The image file: JPEG, PNG, WebP, HEIC or AVIF, at most 50 MB and 100 megapixels."
                    ).freeText
                ],
                returns: "photo_result", errors: ["profiles.bad_image", "profiles.not_found"],
                example: #"profiles.set_photo("bori.jpg").thumbnail.sha256"#
            ) { arguments, context in
                let (photo, originalBytes) = try SetProfilePhoto(
                    try Self.dependencies(context), processor: try context.resolve((any PhotoProcessing).self),
                    signposter: try context.container.resolveIfRegistered(Signposter.self))(
                        path: try arguments.string("path"), userID: context.user.id)
                return .table(
                    Record([
                        ("card", photo.card.value), ("thumbnail", photo.thumbnail.value),
                        ("original_bytes", .int(originalBytes)),
                    ]))
            },
            Route(
                "profiles.photo",
                summary:
                    "A photo's JPEG bytes as a string (nil without a photo): yours, or any user's; every user may read every card and thumbnail.",
                parameters: [
                    .option("user", .string, "The user's name or id; you when left out.", required: false),
                    .option(
                        "size", .choice(ProfilePhotoSize.allCases.map(\.rawValue)),
                        "The 392 x 591 card or the 100 x 100 thumbnail.", required: true),
                ],
                returns: "string?", errors: ["profiles.not_found"],
                example: #"profiles.photo{user = "mina", size = "thumbnail"}"#
            ) { arguments, context in
                guard let size = ProfilePhotoSize(rawValue: try arguments.string("size")) else {
                    throw AppError.invalidArgument("size is \"card\" or \"thumbnail\"", field: "size")
                }
                let jpeg = try GetProfilePhoto(try Self.dependencies(context))(
                    arguments.optionalString("user"), size: size, userID: context.user.id)
                return jpeg.map(Value.bytes) ?? .null
            },
            Route(
                "profiles.me", summary: "Your profile.", returns: "profile", errors: ["profiles.not_found"],
                example: "profiles.me().dog.name"
            ) { _, context in
                let (profile, user) = try GetProfile(try Self.dependencies(context)).mine(userID: context.user.id)
                return ProfileValues.profile(profile, user: user)
            },
            Route(
                "profiles.get", summary: "A user's profile, by user name or id.",
                parameters: [.positional("user", .string, "The user's name or id.")], returns: "profile",
                errors: ["profiles.not_found"], example: #"profiles.get("mina")"#
            ) { arguments, context in
                let (profile, user) = try GetProfile(try Self.dependencies(context)).of(try arguments.string("user"))
                return ProfileValues.profile(profile, user: user)
            },
        ]
    }

    /// The records the `profiles` routes return.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "profile", doc: "A user's SniffMeet profile.",
                fields: [
                    .init("user_id", "string", "The user's id."), .init("user_name", "string", "The user's name."),
                    .init("nickname", "string", "2 to 8 characters."), .init("dog", "dog", "The dog."),
                    .init(
                        "photo", "photo", "The card's and thumbnail's sizes and hashes, once set.", optional: true),
                ]),
            RecordShape(
                "dog", doc: "A dog.",
                fields: [
                    .init("name", "string", "1 to 15 characters."), .init("age", "integer", "0 to 99."),
                    .init("sex", #""male"|"female""#, "Its sex."), .init("neutered", "boolean", "Whether neutered."),
                    .init("size", #""small"|"medium"|"large""#, "Its size."),
                    .init("keywords", "string[]", "1 or 2 of energetic, smart, friendly, shy, independent."),
                ]),
            RecordShape(
                "dog_input", doc: "A dog as profiles.save takes it (neutered defaults to false).",
                fields: [
                    .init("name", "string", "1 to 15 characters."), .init("age", "integer", "0 to 99."),
                    .init("sex", #""male"|"female""#, "Its sex."),
                    .init("neutered", "boolean", "Whether neutered.", optional: true),
                    .init("size", #""small"|"medium"|"large""#, "Its size."),
                    .init("keywords", "string[]", "1 or 2 of energetic, smart, friendly, shy, independent."),
                ]),
            RecordShape(
                "stored_image", doc: "A JPEG stored in the database; its bytes: profiles.photo.",
                fields: [
                    .init("width", "integer", "Pixels."), .init("height", "integer", "Pixels."),
                    .init("bytes", "integer", "The JPEG's size."),
                    .init("sha256", "string", "The SHA-256 of the JPEG, 64 lowercase hex digits."),
                ]),
            RecordShape(
                "photo_result", doc: "What profiles.set_photo stored.",
                fields: [
                    .init("card", "stored_image", "The 392 x 591 card."),
                    .init("thumbnail", "stored_image", "The 100 x 100 thumbnail."),
                    .init("original_bytes", "integer", "The source file's size."),
                ]),
            RecordShape(
                "photo", doc: "A profile photo's two JPEGs, stored in the database.",
                fields: [
                    .init("card", "stored_image", "The 392 x 591 card."),
                    .init("thumbnail", "stored_image", "The 100 x 100 thumbnail."),
                ]),
        ]
    }

    private static func dependencies(_ context: Context) throws -> ProfileDependencies {
        try context.resolve(ProfileDependencies.self)
    }
}
