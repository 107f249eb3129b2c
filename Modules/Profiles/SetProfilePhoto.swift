import Core

/// Replaces the acting user's photo: the image is decoded and both JPEGs encoded in memory,
/// then one UPDATE stores them in the profile row in place of the old ones. A failure at any
/// step leaves the previous photo in place; no file is written.
public struct SetProfilePhoto: Sendable {
    /// The card's size: the largest card SniffMeet shows.
    public static let cardSize = (width: 392, height: 591)
    /// The thumbnail's size, for lists.
    public static let thumbnailSize = (width: 100, height: 100)

    let dependencies: ProfileDependencies
    let processor: any PhotoProcessing
    let signposter: Signposter?

    /// The use case; each step is a signpost interval when `signposter` is given.
    public init(_ dependencies: ProfileDependencies, processor: any PhotoProcessing, signposter: Signposter? = nil) {
        self.dependencies = dependencies
        self.processor = processor
        self.signposter = signposter
    }

    private func step<Result>(_ name: String, _ body: () throws -> Result) rethrows -> Result {
        guard let signposter else { return try body() }
        return try signposter.interval(name, category: "photo", body)
    }

    /// The stored photo's sizes and hashes, and the source file's size in bytes.
    /// - Throws: `profiles.not_found` (no profile yet), `profiles.bad_image`, `invalid_argument`
    ///   for a path with a NUL character (C would read it cut short, another file).
    public func callAsFunction(path: String, userID: String) throws -> (photo: ProfilePhoto, originalBytes: Int) {
        guard !path.utf8.contains(0) else {
            throw AppError.invalidArgument("the path contains a NUL character", field: "path")
        }
        guard try dependencies.profiles.profile(of: userID) != nil else { throw ProfileError.yoursNotFound() }
        let processed: ProcessedPhoto
        do {
            processed = try step("photo.decode_and_encode") {
                try processor.makePhoto(from: path, cardSize: Self.cardSize, thumbnailSize: Self.thumbnailSize)
            }
        } catch let error as AppError where error.code == "image.bad" {
            throw AppError(code: "profiles.bad_image", message: error.message, field: "path")
        }
        let now = dependencies.clock.now()
        let photo = try step("photo.store") {
            try dependencies.transactions.transaction {
                try dependencies.profiles.setPhoto(
                    of: userID, card: processed.card, thumbnail: processed.thumbnail, at: now)
            }
        }
        return (photo, processed.originalBytes)
    }
}
