import Core
import Storage

/// Themes in `book_themes`.
public struct SQLThemeRepository: ThemeRepository {
    private let database: any Database

    /// A repository over `database` (migrated with the BookStories plugin's migrations).
    public init(database: any Database) { self.database = database }

    private static let columns = "id, owner_id, name, description, visibility, created_at, updated_at"

    /// The theme with this id.
    public func theme(id: String) throws -> Theme? {
        try database.queryOne("SELECT \(Self.columns) FROM book_themes WHERE id = ?", [.text(id)], Self.theme)
    }

    /// The themes of `ownerID`, oldest first.
    public func themes(ownedBy ownerID: String, includePrivate: Bool) throws -> [Theme] {
        try database.query(
            "SELECT \(Self.columns) FROM book_themes WHERE owner_id = ? AND (? OR visibility = 'public') ORDER BY seq",
            [.text(ownerID), .bool(includePrivate)], Self.theme)
    }

    /// Stores a new theme.
    public func insert(_ theme: Theme) throws {
        do {
            try database.execute(
                "INSERT INTO book_themes (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(theme.id), .text(theme.ownerID), .text(theme.name), .text(theme.description),
                    .text(theme.visibility.rawValue), .instant(theme.createdAt), .instant(theme.updatedAt),
                ])
        } catch let error as StorageError where error.failure == .duplicate {
            throw AppError(code: "bookstories.exists", message: "a theme with id \(theme.id) exists")
        }
    }

    /// Replaces a stored theme.
    public func update(_ theme: Theme) throws {
        let changed = try database.execute(
            "UPDATE book_themes SET name = ?, description = ?, visibility = ?, updated_at = ? WHERE id = ?",
            [
                .text(theme.name), .text(theme.description), .text(theme.visibility.rawValue),
                .instant(theme.updatedAt), .text(theme.id),
            ])
        guard changed == 1 else { throw BookStoryError.themeNotFound(theme.id) }
    }

    /// Removes a theme and its links.
    public func delete(id: String) throws {
        guard try database.delete(from: "book_themes", where: [.equal("id", .text(id))]) == 1 else {
            throw BookStoryError.themeNotFound(id)
        }
    }

    private static func theme(_ row: Row) throws -> Theme {
        try Theme(
            id: try row.string(0), ownerID: try row.string(1), name: try row.string(2),
            description: row.optionalString(3), visibility: Visibility(rawValue: try row.string(4)) ?? .private,
            createdAt: try row.instant(5), updatedAt: try row.instant(6))
    }
}
