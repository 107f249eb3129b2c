import Core

/// The `bookstories.*` error codes of the contract, made in one place.
enum BookStoryError {
    static func storyNotFound(_ id: String, field: String = "id") -> AppError {
        AppError(code: "bookstories.not_found", message: "no story '\(id)'", field: field)
    }

    static func themeNotFound(_ id: String, field: String = "id") -> AppError {
        AppError(code: "bookstories.not_found", message: "no theme '\(id)'", field: field)
    }

    static func commentNotFound(_ id: String, field: String = "id") -> AppError {
        AppError(code: "bookstories.not_found", message: "no comment '\(id)'", field: field)
    }

    static let replyToReply = AppError(
        code: "bookstories.reply_to_reply", message: "replies to replies are not allowed", field: "comment_id")

    static let tooManyComments = AppError(
        code: "bookstories.too_many_comments",
        message: "at most \(Comment.maximumPerDay) comments and replies a day; write again tomorrow (UTC)")

    static func notAuthor(_ what: String) -> AppError {
        AppError(code: "forbidden", message: "only the author can change or delete this \(what)")
    }

    static func userNotFound(_ name: String) -> AppError {
        AppError(code: "bookstories.user_not_found", message: "no user '\(name)'", field: "user")
    }
}
