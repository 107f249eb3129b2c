import Core
import FoundationEssentials

/// Replaces the acting user's photo: new files first, then the profile row, then the old
/// files go. A failure at any step leaves the previous photo in place and no new file behind.
public struct SetProfilePhoto: Sendable {
    /// The card's size: the largest card SniffMeet shows.
    public static let cardSize = (width: 392, height: 591)
    /// The thumbnail's size, for lists.
    public static let thumbnailSize = (width: 100, height: 100)

    let dependencies: ProfileDependencies
    let processor: any PhotoProcessing
    let folder: PhotoFolder
    let signposter: Signposter?

    /// The use case; each step is a signpost interval when `signposter` is given.
    public init(
        _ dependencies: ProfileDependencies, processor: any PhotoProcessing, folder: PhotoFolder,
        signposter: Signposter? = nil
    ) {
        self.dependencies = dependencies
        self.processor = processor
        self.folder = folder
        self.signposter = signposter
    }

    private func step<Result>(_ name: String, _ body: () throws -> Result) rethrows -> Result {
        guard let signposter else { return try body() }
        return try signposter.interval(name, category: "photo", body)
    }

    /// The new photo's files.
    /// - Throws: `profiles.not_found` (no profile yet), `profiles.bad_image`, `invalid_argument`
    ///   for a path with a NUL character (C would read it cut short, another file).
    public func callAsFunction(path: String, userID: String) throws -> ProcessedPhoto {
        guard !path.utf8.contains(0) else {
            throw AppError.invalidArgument("the path contains a NUL character", field: "path")
        }
        guard try dependencies.profiles.profile(of: userID) != nil else { throw ProfileError.yoursNotFound() }
        let name = Identifier.random()
        let card = "\(folder.path)/\(name)-card.jpg"
        let thumbnail = "\(folder.path)/\(name)-thumbnail.jpg"
        let processed: ProcessedPhoto
        do {
            processed = try step("photo.decode_and_write") {
                try processor.makePhoto(
                    from: path, card: card, cardSize: Self.cardSize, thumbnail: thumbnail,
                    thumbnailSize: Self.thumbnailSize)
            }
        } catch let error as AppError where error.code == "image.bad" {
            throw AppError(code: "profiles.bad_image", message: error.message, field: "path")
        }
        let now = dependencies.clock.now()
        var previous: ProfilePhoto?
        do {
            try dependencies.transactions.transaction {
                guard let profile = try dependencies.profiles.profile(of: userID) else {
                    throw ProfileError.yoursNotFound()
                }
                previous = profile.photo
                try dependencies.profiles.update(
                    try Profile(
                        userID: userID, nickname: profile.nickname, dog: profile.dog,
                        photo: ProfilePhoto(cardPath: card, thumbnailPath: thumbnail), createdAt: profile.createdAt,
                        updatedAt: now))
            }
        } catch {
            Self.remove([card, thumbnail])
            throw error
        }
        if let previous { step("photo.remove_previous") { Self.remove([previous.cardPath, previous.thumbnailPath]) } }
        return processed
    }

    static func remove(_ paths: [String]) {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }
}
