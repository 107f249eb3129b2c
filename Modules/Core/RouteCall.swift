/// One call going through the router's middleware.
public struct RouteCall: Sendable {
    /// The route being called.
    public let route: Route
    /// Its arguments, as the caller passed them (checked just before the handler).
    public var arguments: Arguments
    /// The acting user, clock and container.
    public let context: Context
}
