import Core

/// The book a story quotes.
public struct Book: Sendable, Equatable {
    /// The title (required).
    public let title: String
    /// The author (required).
    public let author: String
    /// The publisher, if given.
    public let publisher: String?
    /// The ISBN, if given.
    public let isbn: String?
    /// The longest title, author or publisher, in characters.
    public static let maximumLength = 200
    /// The longest ISBN, in characters.
    public static let maximumISBNLength = 32

    /// A book, checked: title and author 1 to 200 characters after trimming.
    /// - Throws: `invalid_argument` (fields `book.title`, `book.author` ...).
    public init(title: String, author: String, publisher: String? = nil, isbn: String? = nil) throws {
        self.title = try TextRules.checked(
            title, field: "book.title", what: "a book's title", maximum: Self.maximumLength)
        self.author = try TextRules.checked(
            author, field: "book.author", what: "a book's author", maximum: Self.maximumLength)
        self.publisher = try publisher.map {
            try TextRules.checked($0, field: "book.publisher", what: "a book's publisher", maximum: Self.maximumLength)
        }
        self.isbn = try isbn.map {
            try TextRules.checked($0, field: "book.isbn", what: "an ISBN", maximum: Self.maximumISBNLength)
        }
    }
}
