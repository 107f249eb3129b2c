/// Every route of the app, called by name, with middleware around each call.
///
/// The router is built once by the composition root and never changes. It is the one
/// registry of operations: the Lua bindings, `help`, completion, the stubs and the docs
/// are generated from `routes`.
public final class Router: Sendable {
    /// Every route, sorted by name.
    public let routes: [Route]
    private let byName: [String: Route]
    private let middleware: [any Middleware]

    /// A router over `routes`.
    /// - Throws: `AppError` `router.duplicate_route` when two routes share a name.
    public init(routes: [Route], middleware: [any Middleware] = []) throws {
        var byName: [String: Route] = [:]
        for route in routes {
            guard byName[route.name] == nil else {
                throw AppError(code: "router.duplicate_route", message: "two routes are named \(route.name)")
            }
            byName[route.name] = route
        }
        self.byName = byName
        self.routes = routes.sorted { $0.name < $1.name }
        self.middleware = middleware
    }

    /// The route named `name`.
    public func route(named name: String) -> Route? { byName[name] }

    /// The module names, sorted (`app`, `habits` ...).
    public var modules: [String] {
        var seen = Set<String>()
        return routes.map(\.module).filter { seen.insert($0).inserted }
    }

    /// Calls the route `name` as the session's acting user.
    /// - Throws: `AppError`: `not_found` for an unknown route, `invalid_argument` for bad
    ///   arguments, or what the handler threw (always as an `AppError` naming the route).
    public func call(_ name: String, _ arguments: Arguments = Arguments(), session: Session) throws -> Value {
        guard let route = byName[name] else {
            throw AppError(code: "not_found", message: "there is no route named '\(name)'")
        }
        return try call(route, arguments, session: session)
    }

    /// Calls `route` (which must be one of this router's) as the session's acting user.
    public func call(_ route: Route, _ arguments: Arguments, session: Session) throws -> Value {
        // Made in place: a Context made first and then put in the call was copied (a retain of
        // each of its references) and destroyed again on every call.
        let call = RouteCall(
            route: route, arguments: arguments,
            context: Context(route: route.name, user: session.user, session: session, router: self))
        do {
            return try run(call, from: 0)
        } catch {
            throw AppError.wrapping(error).raised(by: route.name)
        }
    }

    private func run(_ call: RouteCall, from index: Int) throws -> Value {
        guard index < middleware.count else {
            let checked = try call.route.validate(call.arguments)
            if call.route.readsOnly { return try ReadOnlyWork.during { try call.route.handler(checked, call.context) } }
            // A route that writes, called from a read-only one's handler, is not read-only work.
            if ReadOnlyWork.isActive {
                return try ReadOnlyWork.outside { try call.route.handler(checked, call.context) }
            }
            return try call.route.handler(checked, call.context)
        }
        return try middleware[index].handle(call) { next in try run(next, from: index + 1) }
    }
}
