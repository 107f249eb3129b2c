import Core
import Time

/// Comments on book stories and replies to them (문장모아 v2's rules): a comment only on a
/// story the commenter may read, one level of replies, at most `Comment.maximumPerDay` a
/// day; only its author edits a comment; its author or the story's author deletes it, and
/// its replies go with it. Whoever may not read the story reads none of its comments, and
/// no one reads the comments of someone they blocked or who blocked them.
public struct ManageComments: Sendable {
    let dependencies: BookStoryDependencies

    /// Works on `dependencies.comments`; every write checks what it may touch and writes in
    /// one transaction.
    public init(_ dependencies: BookStoryDependencies) { self.dependencies = dependencies }

    /// A new root comment on story `storyID`. With `id` (a lowercase UUID the caller chose),
    /// the same call can run again after `storage.outcome_unknown`: the author's comment with
    /// that id, when it exists, is returned as it is, and nothing is made or counted again.
    /// - Throws: `bookstories.not_found` (a story the author may not read),
    ///   `invalid_argument` (field `text`; `id` when not well formed, or another person's),
    ///   `bookstories.too_many_comments`.
    public func comment(on storyID: String, text: String, authorID: String, id chosen: String? = nil) throws
        -> CommentView
    {
        if let made = try made(chosen, authorID: authorID) { return made }
        return try write(authorID: authorID, id: chosen) { now in
            let story = try dependencies.visibleStory(storyID, viewerID: authorID, field: "story_id")
            return try Comment(
                id: chosen ?? Identifier.random(), storyID: story.id, parentID: nil, authorID: authorID, text: text,
                createdAt: now, updatedAt: now)
        }
    }

    /// A reply to the root comment `commentID`, on its story; `id` as for `comment`.
    /// - Throws: `bookstories.not_found`, `bookstories.reply_to_reply`, `invalid_argument`,
    ///   `bookstories.too_many_comments`.
    public func reply(to commentID: String, text: String, authorID: String, id chosen: String? = nil) throws
        -> CommentView
    {
        if let made = try made(chosen, authorID: authorID) { return made }
        return try write(authorID: authorID, id: chosen) { now in
            let parent = try dependencies.visibleComment(commentID, viewerID: authorID, field: "comment_id")
            guard parent.parentID == nil else { throw BookStoryError.replyToReply }
            return try Comment(
                id: chosen ?? Identifier.random(), storyID: parent.storyID, parentID: parent.id, authorID: authorID,
                text: text, createdAt: now, updatedAt: now)
        }
    }

    /// The comment with its new text.
    /// - Throws: `bookstories.not_found`, `forbidden` (not its author), `invalid_argument`.
    public func edit(_ id: String, text: String, viewerID: String) throws -> CommentView {
        let now = dependencies.clock.now()
        return try dependencies.transactions.transaction {
            let old = try dependencies.visibleComment(id, viewerID: viewerID)
            guard old.authorID == viewerID else { throw BookStoryError.notAuthor("comment") }
            let comment = try Comment(
                id: old.id, storyID: old.storyID, parentID: old.parentID, authorID: old.authorID, text: text,
                createdAt: old.createdAt, updatedAt: now)
            try dependencies.comments.update(comment)
            return try view(of: comment)
        }
    }

    /// Deletes a comment and its replies.
    /// - Throws: `bookstories.not_found`, `forbidden` (neither its author nor the story's).
    public func delete(_ id: String, viewerID: String) throws {
        try dependencies.transactions.transaction {
            let comment = try dependencies.visibleComment(id, viewerID: viewerID)
            if comment.authorID != viewerID {
                let story = try dependencies.visibleStory(comment.storyID, viewerID: viewerID)
                guard story.authorID == viewerID else { throw BookStoryError.notAuthor("comment") }
            }
            try dependencies.comments.delete(id: comment.id)
        }
    }

    /// Page `page` of the story's root comments, newest first, each with its first
    /// `Comment.firstReplies` replies and its reply count.
    /// - Throws: `bookstories.not_found`, `invalid_argument` (field `page`).
    public func comments(on storyID: String, page: Int, viewerID: String) throws -> [CommentView] {
        let request = try PageRequest(page: page, perPage: Comment.perPage)
        let story = try dependencies.visibleStory(storyID, viewerID: viewerID, field: "story_id")
        return try dependencies.comments.comments(onStory: story.id, page: request, viewerID: viewerID)
    }

    /// Page `page` of the replies to comment `commentID`, oldest first.
    /// - Throws: `bookstories.not_found`, `invalid_argument` (field `page`).
    public func replies(to commentID: String, page: Int, viewerID: String) throws -> [CommentView] {
        let request = try PageRequest(page: page, perPage: Comment.perPage)
        let comment = try dependencies.visibleComment(commentID, viewerID: viewerID, field: "comment_id")
        return try dependencies.comments.replies(to: comment.id, page: request, viewerID: viewerID)
    }

    /// The author's comment with the id they chose, made by an earlier call, if any.
    /// - Throws: `invalid_argument` (field `id`) for an id that is not a lowercase UUID.
    private func made(_ chosen: String?, authorID: String) throws -> CommentView? {
        guard let chosen = try Identifier.chosen(chosen), let made = try dependencies.comments.comment(id: chosen),
            made.authorID == authorID
        else { return nil }
        return try view(of: made)
    }

    /// Makes a comment with `make` and stores it, in one transaction, within the daily limit;
    /// `id`, when the caller chose it, taken already is `invalid_argument`.
    private func write(authorID: String, id chosen: String?, _ make: (Instant) throws -> Comment) throws
        -> CommentView
    {
        do {
            return try write(authorID: authorID, make)
        } catch let error as AppError where error.code == "bookstories.exists" && chosen != nil {
            throw Identifier.taken
        }
    }

    /// Makes a comment with `make` and stores it, in one transaction, within the daily limit.
    private func write(authorID: String, _ make: (Instant) throws -> Comment) throws -> CommentView {
        let now = dependencies.clock.now()
        return try dependencies.transactions.transaction {
            let comment = try make(now)
            guard try dependencies.comments.writtenToday(by: authorID, at: now) < Comment.maximumPerDay else {
                throw BookStoryError.tooManyComments
            }
            do {
                try dependencies.comments.insert(comment)
            } catch  where BookStoriesSchema.commentQuota.isExceeded(error) {
                throw BookStoryError.tooManyComments
            }
            return try view(of: comment)
        }
    }

    /// A comment just written, with its author's name.
    private func view(of comment: Comment) throws -> CommentView {
        guard let author = try dependencies.users.user(id: comment.authorID) else {
            throw AppError.internal("the author \(comment.authorID) of a comment is not a user")
        }
        return CommentView(comment: comment, authorName: author.name)
    }
}
