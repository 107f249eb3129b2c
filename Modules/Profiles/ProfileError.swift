import Core

/// The `profiles.*` error codes of the contract, made in one place.
enum ProfileError {
    static func nicknameTaken(_ nickname: String) -> AppError {
        AppError(code: "profiles.nickname_taken", message: "the nickname '\(nickname)' is taken", field: "nickname")
    }

    static func notFound(_ who: String) -> AppError {
        AppError(code: "profiles.not_found", message: "\(who) has no profile yet")
    }
}
