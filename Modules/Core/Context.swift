import Time

/// What a route handler gets besides its arguments: the acting user, the clock, the
/// container, and the router it was called through.
public struct Context: Sendable {
    /// The route being called.
    public let route: String
    /// The acting user, read once when the call began.
    public let user: User
    /// The session the call runs in.
    public let session: Session
    /// The router the call came through.
    public let router: Router

    /// A context for one call.
    public init(route: String, user: User, session: Session, router: Router) {
        self.route = route
        self.user = user
        self.session = session
        self.router = router
    }

    /// The app clock.
    public var clock: any Clock { session.clock }

    /// The session's container, where the route finds its use cases and repositories.
    public var container: Container { session.container }

    /// Resolves a service from the session's container.
    public func resolve<Service>(_ type: Service.Type = Service.self) throws -> Service {
        try session.container.resolve(type)
    }
}
