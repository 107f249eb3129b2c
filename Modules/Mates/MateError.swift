import Core

/// The `mates.*` error codes of the contract, made in one place.
enum MateError {
    static let badCode = AppError(code: "mates.bad_code", message: "no such invite code", field: "code")
    /// The database's one answer for every failed join (PostgreSQL): which rule failed is
    /// not said, so a code's existence cannot be probed.
    static let unusableCode = AppError(
        code: "mates.bad_code",
        message: "this code cannot be used (wrong, used, expired, your own, or you are mates already)", field: "code")
    static let expiredCode = AppError(code: "mates.expired_code", message: "the invite code has expired", field: "code")
    static let alreadyMates = AppError(code: "mates.already_mates", message: "you are mates already")
    static let yourself = AppError(code: "mates.self", message: "that is your own invite code", field: "code")
    static let tooManyAttempts = AppError(
        code: "mates.too_many_attempts", message: "5 wrong codes in 10 minutes; try again later", field: "code")

    static let tooManyAttemptsOnDatabase = AppError(
        code: "mates.too_many_attempts",
        message: "4 users have tried wrong codes in 10 minutes on this database; try again later", field: "code")

    static func notFound(_ who: String) -> AppError {
        AppError(code: "mates.not_found", message: "'\(who)' is not your mate", field: "user")
    }

    static func noProfile() -> AppError {
        AppError(code: "profiles.not_found", message: "make your profile first (profiles.save)")
    }
}
