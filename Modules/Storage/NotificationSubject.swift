/// How a feature tells whether what its notifications are about is still there for their
/// reader: a condition in SQL over the inbox row `n` (its `n.subject_id`) and the reader's
/// id, the placeholder `?1`, for the rows named one of `kinds`. A comment hidden or
/// deleted, or on a story its reader may no longer read, takes its notification out of the
/// list (`SQLNotificationList`), and brings it back when it returns.
public struct NotificationSubject: Sendable {
    /// The inbox names (`bookstories.comment`) the condition is for: letters, digits, `.`
    /// and `_` (any other name is left out).
    public let kinds: [String]
    /// The condition, true when the reader `?1` may still see `n.subject_id`.
    public let visible: String

    /// A rule for `kinds`.
    public init(kinds: [String], visible: String) {
        self.kinds = kinds.filter { kind in
            !kind.isEmpty
                && kind.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "_")
                }
        }
        self.visible = visible
    }

    /// The condition over any inbox row `n`: true for rows of other kinds.
    var condition: String {
        guard !kinds.isEmpty else { return "TRUE" }
        return "(n.name NOT IN (\(kinds.map { "'\($0)'" }.joined(separator: ", "))) OR (\(visible)))"
    }
}
