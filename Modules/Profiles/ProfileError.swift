import Core

/// The `profiles.*` error codes of the contract, made in one place.
enum ProfileError {
    static func nicknameTaken(_ nickname: String) -> AppError {
        AppError(code: "profiles.nickname_taken", message: "the nickname '\(nickname)' is taken", field: "nickname")
    }

    /// Another user (`'mina'`) has no profile.
    static func notFound(_ who: String) -> AppError {
        AppError(code: "profiles.not_found", message: "\(who) has no profile yet")
    }

    /// The acting user has no profile.
    static func yoursNotFound() -> AppError {
        AppError(code: "profiles.not_found", message: "you have no profile yet")
    }
}
