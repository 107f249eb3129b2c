/// A 1-based page of a list: 10 per page unless asked, at most 100.
public struct PageRequest: Sendable, Equatable {
    /// The most items a page holds.
    public static let maximumPerPage = 100

    /// The page, from 1.
    public let page: Int
    /// Items per page, 1 to 100.
    public let perPage: Int

    /// A page, checked.
    /// - Throws: `invalid_argument` (fields `page`, `per_page`).
    public init(page: Int = 1, perPage: Int = 10) throws {
        guard page >= 1 else { throw AppError.invalidArgument("page starts at 1, got \(page)", field: "page") }
        guard (1...Self.maximumPerPage).contains(perPage) else {
            throw AppError.invalidArgument(
                "per_page is 1 to \(Self.maximumPerPage), got \(perPage)", field: "per_page")
        }
        self.page = page
        self.perPage = perPage
    }

    /// How many items come before this page; a page too far to count lies past any list.
    public var offset: Int {
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        return overflow ? Int.max : offset
    }
}
