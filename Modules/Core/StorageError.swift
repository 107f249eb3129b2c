/// A failure of storage: the case to match, a message for a person, and the field.
///
/// Storage throws this rather than an `AppError`, so the code above it matches a case
/// (`catch let error as StorageError where error.failure == .duplicate`). It becomes an
/// `AppError` with the case's contract code where every error leaves for a user:
/// `AppError.wrapping`, which the router, the event recorder and the shell call.
public struct StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public var failure: StorageFailure
    /// What went wrong, for a person: the backend's own message and the statement.
    public var message: String
    /// The argument that named the failing thing (`file` for a backup), where there is one.
    public var field: String?

    /// A failure of kind `failure`.
    public init(_ failure: StorageFailure, message: String, field: String? = nil) {
        self.failure = failure
        self.message = message
        self.field = field
    }

    /// `message [code]`, as the `AppError` it becomes prints.
    public var description: String { AppError(self).description }
}
