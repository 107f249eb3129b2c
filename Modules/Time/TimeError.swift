/// A value that is not a time: a day that is not `YYYY-MM-DD`, an instant outside the
/// years 1 to 9999, an unknown zone, a clock speed out of range.
///
/// `Time` sits below `Core` and cannot name `AppError`; Core turns this into
/// `invalid_argument` with the same message and field (`AppError.wrapping`), so a script
/// sees the one error it always saw.
public struct TimeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the value.
    public var message: String
    /// The argument or field that held it, where there is one.
    public var field: String?

    /// An error for `field`.
    public init(_ message: String, field: String? = nil) {
        self.message = message
        self.field = field
    }

    /// The message.
    public var description: String { message }
}
