import Core
import Time

/// A theme: a named collection of one author's stories.
public struct Theme: Sendable, Equatable {
    /// The longest name, in characters.
    public static let maximumNameLength = 20
    /// The longest description, in characters.
    public static let maximumDescriptionLength = 100

    /// A lowercase UUID.
    public let id: String
    /// The owner's user id.
    public let ownerID: String
    /// The trimmed name, 1 to 20 characters.
    public let name: String
    /// What it gathers, at most 100 characters.
    public let description: String?
    /// Who sees it.
    public let visibility: Visibility
    /// When it was created.
    public let createdAt: Instant
    /// When it last changed.
    public let updatedAt: Instant

    /// A theme, checked.
    /// - Throws: `invalid_argument` (fields `name`, `description`).
    public init(
        id: String, ownerID: String, name: String, description: String?, visibility: Visibility, createdAt: Instant,
        updatedAt: Instant
    ) throws {
        self.id = id
        self.ownerID = ownerID
        self.name = try TextRules.checked(name, field: "name", what: "a theme's name", maximum: Self.maximumNameLength)
        let description = description?.composed
        if let description, description.limitLength > Self.maximumDescriptionLength {
            throw AppError.invalidArgument(
                "a theme's description is at most \(Self.maximumDescriptionLength) characters, got \(description.limitLength)",
                field: "description")
        }
        self.description = description.flatMap { $0.isEmpty ? nil : $0 }
        self.visibility = visibility
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
