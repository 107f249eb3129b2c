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

    /// The one answer for every code no drop can be caught with.
    static let unusableDropCode = AppError(
        code: "mates.bad_code",
        message: "no drop can be caught with this code (wrong, caught, over, your own, or you are mates already)",
        field: "code")
    static let tooManyDrops = AppError(
        code: "mates.too_many_drops", message: "10 drops in a minute; wait a little before the next")
    static let dropNotFound = AppError(
        code: "mates.drop_not_found", message: "no drop of yours has this id", field: "id")

    static func dropEnded(_ state: DropState) -> AppError {
        let why =
            switch state {
            case .connecting: "nobody has caught it yet"
            case .success: "you confirmed already"
            case .finished: "it finished: you are mates"
            case .failure: "it ended (cancelled, or its 30 seconds passed)"
            case .cannotFindPeer: "nobody caught it within its 30 seconds"
            }
        return AppError(code: "mates.drop_ended", message: "the drop cannot change: \(why)", field: "id")
    }

    static func notFound(_ who: String) -> AppError {
        AppError(code: "mates.not_found", message: "'\(who)' is not your mate", field: "user")
    }

    static func noProfile() -> AppError {
        AppError(code: "profiles.not_found", message: "make your profile first (profiles.save)")
    }
}
