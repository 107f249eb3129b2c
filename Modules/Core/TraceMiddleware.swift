/// Opens a signpost interval around every route call, named after the route.
public struct TraceMiddleware: Middleware {
    private let signposter: Signposter

    /// Middleware recording into `signposter`.
    public init(signposter: Signposter) { self.signposter = signposter }

    /// Runs the call inside an interval.
    public func handle(_ call: RouteCall, next: (RouteCall) throws -> Value) throws -> Value {
        try signposter.interval(call.route.name, category: "route") { try next(call) }
    }
}
