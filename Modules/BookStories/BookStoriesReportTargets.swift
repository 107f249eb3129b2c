import Core
import Time

/// Who wrote a story or a comment a person may see, for `reports.create`.
struct BookStoriesReportTargets: ReportTargets {
    let dependencies: BookStoryDependencies

    /// Stories and comments (replies are comments).
    var kinds: [String] { ["story", "comment"] }

    /// The author, or nil when the viewer may not see it (it does not exist for them).
    func author(ofKind kind: String, id: String, viewerID: String) throws -> String? {
        do {
            switch kind {
            case "story": return try dependencies.visibleStory(id, viewerID: viewerID).authorID
            case "comment": return try dependencies.visibleComment(id, viewerID: viewerID).authorID
            default: return nil
            }
        } catch let error as AppError where error.code == "bookstories.not_found" {
            return nil
        }
    }

    /// The author, whoever may see it.
    func author(ofKind kind: String, id: String) throws -> String? {
        switch kind {
        case "story": try dependencies.stories.story(id: id)?.authorID
        case "comment": try dependencies.comments.comment(id: id)?.authorID
        default: nil
        }
    }

    /// Hides the story or comment.
    func hide(kind: String, id: String, at now: Instant) throws -> Bool {
        switch kind {
        case "story": try dependencies.stories.hide(id: id, authorID: nil, at: now) == 1
        case "comment": try dependencies.comments.hide(id: id, authorID: nil, at: now) == 1
        default: false
        }
    }

    /// Hides their stories and comments.
    func hideEverything(of userID: String, at now: Instant) throws {
        _ = try dependencies.stories.hide(id: nil, authorID: userID, at: now)
        _ = try dependencies.comments.hide(id: nil, authorID: userID, at: now)
    }
}
