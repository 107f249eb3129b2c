import Core

/// The `bookstories.*` error codes of the contract, made in one place.
enum BookStoryError {
    static func storyNotFound(_ id: String) -> AppError {
        AppError(code: "bookstories.not_found", message: "no story '\(id)'", field: "id")
    }

    static func themeNotFound(_ id: String, field: String = "id") -> AppError {
        AppError(code: "bookstories.not_found", message: "no theme '\(id)'", field: field)
    }

    static func notAuthor(_ what: String) -> AppError {
        AppError(code: "forbidden", message: "only the author can change or delete this \(what)")
    }

    static func userNotFound(_ name: String) -> AppError {
        AppError(code: "bookstories.user_not_found", message: "no user '\(name)'", field: "user")
    }
}
