import Core

/// One quote of a story: the text and, optionally, its page.
public struct Quote: Sendable, Equatable {
    /// The longest quote, in characters.
    public static let maximumLength = 500

    /// The trimmed text, 1 to 500 characters.
    public let text: String
    /// The page, a positive integer, when given.
    public let page: Int?

    /// A quote, checked.
    /// - Throws: `invalid_argument` (field `quotes`) for empty or over-long text or a page below 1.
    public init(text: String, page: Int? = nil) throws {
        self.text = try TextRules.checked(text, field: "quotes", what: "a quote", maximum: Self.maximumLength)
        if let page, page < 1 {
            throw AppError.invalidArgument("a quote's page is a positive integer, got \(page)", field: "quotes")
        }
        self.page = page
    }
}
