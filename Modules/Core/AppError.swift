import Time

/// An error a person can read: a stable code, a message, the route and the field.
///
/// Every failure that reaches a user is an `AppError`; scripts branch on `code`
/// (`habits.already_completed`), people read `message`. Codes are a contract
/// (each route lists its codes in `docs/lua-api.md`); messages may be reworded.
public struct AppError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable, machine-readable code: `invalid_argument`, `habits.not_found` ...
    public var code: String
    /// What went wrong, for a person, naming the offending value.
    public var message: String
    /// The route that raised it (`habits.complete`), filled in by the router.
    public var route: String?
    /// The argument or field that was wrong, where there is one.
    public var field: String?

    /// An error with a code and a message.
    public init(code: String, message: String, route: String? = nil, field: String? = nil) {
        self.code = code
        self.message = message
        self.route = route
        self.field = field
    }

    /// `route: message [code]`, as an uncaught error prints.
    public var description: String {
        let prefix = route.map { "\($0): " } ?? ""
        return "\(prefix)\(message) [\(code)]"
    }

    /// The same error attributed to `route` unless it already names one.
    public func raised(by route: String) -> AppError {
        var copy = self
        if copy.route == nil { copy.route = route }
        return copy
    }

    /// `invalid_argument` for `field`.
    public static func invalidArgument(_ message: String, field: String? = nil) -> AppError {
        AppError(code: "invalid_argument", message: message, field: field)
    }

    /// `<module>.not_found`.
    public static func notFound(_ module: String, _ message: String) -> AppError {
        AppError(code: "\(module).not_found", message: message)
    }

    /// `forbidden`: the acting user may see the thing but not change it.
    public static func forbidden(_ message: String) -> AppError {
        AppError(code: "forbidden", message: message)
    }

    /// `internal`: a failure that is ours, not the user's; the message says what failed.
    public static func `internal`(_ message: String) -> AppError {
        AppError(code: "internal", message: message)
    }

    /// The error a storage failure shows a user: the failure's contract code
    /// (`StorageFailure.code`), its message and field.
    public init(_ storage: StorageError) {
        self.init(code: storage.failure.code, message: storage.message, field: storage.field)
    }

    /// A value that is not a time: `invalid_argument` with its message and field.
    public init(_ time: TimeError) {
        self.init(code: "invalid_argument", message: time.message, field: time.field)
    }

    /// Wraps any error as an `AppError`, keeping an `AppError` as it is and giving a
    /// `StorageError` its contract code and a `TimeError` `invalid_argument`.
    public static func wrapping(_ error: any Error) -> AppError {
        if let appError = error as? AppError { return appError }
        if let storage = error as? StorageError { return AppError(storage) }
        if let time = error as? TimeError { return AppError(time) }
        return .internal(String(describing: error))
    }
}
