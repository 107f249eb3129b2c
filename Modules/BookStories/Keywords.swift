import Core

/// A story's keywords: at most 10, each 1 to 8 characters with no white space, no
/// duplicates (ignoring case); a leading `#` is dropped. Matching ignores case.
public enum Keywords {
    /// The most keywords a story has.
    public static let maximumCount = 10
    /// The longest keyword, in characters.
    public static let maximumLength = 8

    /// The keywords checked and normalized (`#` dropped), in the order given.
    /// - Throws: `invalid_argument` (field `keywords`).
    public static func normalized(_ raw: [String]) throws -> [String] {
        guard raw.count <= maximumCount else {
            throw AppError.invalidArgument(
                "a story has at most \(maximumCount) keywords, got \(raw.count)", field: "keywords")
        }
        var seen = Set<String>()
        return try raw.map { word in
            let keyword = word.hasPrefix("#") ? String(word.dropFirst()) : word
            guard !keyword.isEmpty else {
                throw AppError.invalidArgument("a keyword cannot be empty", field: "keywords")
            }
            guard !keyword.contains(where: { $0.isWhitespace }) else {
                throw AppError.invalidArgument("a keyword has no white space, got '\(keyword)'", field: "keywords")
            }
            guard keyword.count <= maximumLength else {
                throw AppError.invalidArgument(
                    "a keyword is at most \(maximumLength) characters, got \(keyword.count) in '\(keyword)'",
                    field: "keywords")
            }
            guard seen.insert(folded(keyword)).inserted else {
                throw AppError.invalidArgument("the keyword '\(keyword)' is given twice", field: "keywords")
            }
            return keyword
        }
    }

    /// The form a keyword is matched and indexed in: lowercased.
    public static func folded(_ keyword: String) -> String { keyword.lowercased() }
}
