/// Where a list says it left out rows it could not read.
///
/// A list of other people's rows (`bookstories.public`) must not fail for everyone because
/// one row holds what the app cannot represent (an instant outside the years 1 to 9999
/// written in `psql`, or before the column's CHECK): it skips the row and tells this
/// reporter, which says so where a person will see it. The page keeps its shape.
public protocol SkippedRowReporter: Sendable {
    /// `count` rows of `list` (a route name) were left out; `reason` is the first one's error.
    func skipped(_ count: Int, from list: String, reason: String)
}
