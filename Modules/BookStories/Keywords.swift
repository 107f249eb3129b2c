import Core

/// A story's keywords: at most 10, each 1 to 8 characters with no white space, no
/// duplicates (ignoring case); a leading `#` is dropped. Matching ignores case.
public enum Keywords {
    /// The most keywords a story has.
    public static let maximumCount = 10
    /// The longest keyword, in characters.
    public static let maximumLength = 8

    /// Keywords as typed: one leading `#` dropped, then checked (`validated`).
    /// - Throws: `invalid_argument` (field `keywords`).
    public static func normalized(_ typed: [String]) throws -> [String] {
        try validated(typed.map { ($0.hasPrefix("#") ? String($0.dropFirst()) : $0).composed })
    }

    /// Checks stored keywords, changing nothing (a stored `#a`, typed as `##a`, stays `#a`).
    /// - Throws: `invalid_argument` (field `keywords`).
    public static func validated(_ keywords: [String]) throws -> [String] {
        guard keywords.count <= maximumCount else {
            throw AppError.invalidArgument(
                "a story has at most \(maximumCount) keywords, got \(keywords.count)", field: "keywords")
        }
        var seen = Set<String>()
        for keyword in keywords {
            guard !keyword.isEmpty else {
                throw AppError.invalidArgument("a keyword cannot be empty", field: "keywords")
            }
            guard !keyword.contains(where: { $0.isWhitespace }) else {
                throw AppError.invalidArgument("a keyword has no white space, got '\(keyword)'", field: "keywords")
            }
            guard keyword.limitLength <= maximumLength else {
                throw AppError.invalidArgument(
                    "a keyword is at most \(maximumLength) characters, got \(keyword.limitLength) in '\(keyword)'",
                    field: "keywords")
            }
            guard seen.insert(folded(keyword)).inserted else {
                throw AppError.invalidArgument("the keyword '\(keyword)' is given twice", field: "keywords")
            }
        }
        return keywords
    }

    /// The form a keyword is matched and indexed in: lowercased, then in Unicode NFC, so
    /// that a Hangul keyword typed composed or decomposed (as macOS file names are) is one
    /// keyword, to the database as to Swift's own string comparison.
    public static func folded(_ keyword: String) -> String { keyword.foldedForMatching }

    /// The folded forms a keyword filter matches: as typed, and without one leading `#`
    /// (`#성장` finds `성장`; `#a` also finds a stored `#a`).
    public static func searchForms(_ filter: String) -> [String] {
        var forms = [folded(filter)]
        if filter.hasPrefix("#") { forms.append(folded(String(filter.dropFirst()))) }
        return forms
    }
}
