/// Code that runs around every route call: event logging, signposts, timing.
///
/// Middleware runs in the order given to the router, outermost first; each calls `next`
/// to go on (or not, to short-circuit) and sees the result or the error.
public protocol Middleware: Sendable {
    /// Handles `call`, usually by calling `next(call)`.
    func handle(_ call: RouteCall, next: (RouteCall) throws -> Value) throws -> Value
}
