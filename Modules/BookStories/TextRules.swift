import Core

/// Length rules counted as a person counts (`String.limitLength` of the composed text): 500
/// Hangul syllables are 500, not 1,500, however they were typed. Too long is an error,
/// never a silent cut.
enum TextRules {
    /// `text` trimmed of white space and newlines, and composed (`String.keptText`).
    static func trimmed(_ text: String) -> String { text.keptText }

    /// `text` trimmed, at least `minimum` and at most `maximum` characters.
    /// - Throws: `invalid_argument` naming `field`.
    static func checked(_ text: String, field: String, what: String, minimum: Int = 1, maximum: Int) throws -> String {
        let value = trimmed(text)
        if value.count < minimum {
            throw AppError.invalidArgument("\(what) cannot be empty", field: field)
        }
        if value.limitLength > maximum {
            throw AppError.invalidArgument(
                "\(what) is at most \(maximum) characters, got \(value.limitLength)", field: field)
        }
        return value
    }
}
