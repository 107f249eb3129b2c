import Time

/// Whose a reportable thing is, and hiding it, for features Core must not import
/// (BookStories answers for stories and comments). The feature registers an implementation
/// as `(any ReportTargets).self`; `ReportContent` asks it who wrote what a person reports,
/// and a moderator's resolution hides what was reported.
public protocol ReportTargets: Sendable {
    /// The kinds it answers for (`story`, `comment`).
    var kinds: [String] { get }
    /// The author of the `kind` with this id, when `viewerID` may see it; nil otherwise.
    func author(ofKind kind: String, id: String, viewerID: String) throws -> String?
    /// The author of the `kind` with this id, whoever may see it (for the moderator); nil
    /// when there is none.
    func author(ofKind kind: String, id: String) throws -> String?
    /// Hides the `kind` with this id from everyone but its author.
    /// - Returns: false when there is none, or it was hidden already.
    func hide(kind: String, id: String, at now: Instant) throws -> Bool
    /// Hides everything `userID` wrote from everyone but them.
    func hideEverything(of userID: String, at now: Instant) throws
}
