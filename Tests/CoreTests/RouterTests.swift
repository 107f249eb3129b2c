import Core
import Formats
import Synchronization
import Testing
import Time

@Suite struct RouterTests {
    /// What ran, in order, shared by middleware and handlers.
    final class Log: Sendable {
        private let entries = Mutex<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// Records entering the call, then the result or the error code it saw.
    struct Recording: Middleware {
        let name: String
        let log: Log

        func handle(_ call: RouteCall, next: (RouteCall) throws -> Value) throws -> Value {
            log.append("\(name) > \(call.route.name)")
            do {
                let result = try next(call)
                log.append("\(name) < \(result.jsonText)")
                return result
            } catch let error as AppError {
                log.append("\(name) ! \(error.code)")
                throw error
            } catch {
                log.append("\(name) ! \(type(of: error))")
                throw error
            }
        }
    }

    /// Answers without calling `next`.
    struct ShortCircuit: Middleware {
        let answer: Value
        func handle(_ call: RouteCall, next: (RouteCall) throws -> Value) throws -> Value { answer }
    }

    /// Fills in an argument before the route checks them.
    struct Defaulting: Middleware {
        func handle(_ call: RouteCall, next: (RouteCall) throws -> Value) throws -> Value {
            var changed = call
            if !changed.arguments.has("name") { changed.arguments["name"] = "from middleware" }
            return try next(changed)
        }
    }

    struct PlainError: Error {}

    /// 2026-11-28T23:30:00Z.
    static let start = Instant(secondsSince1970: 1_795_908_600)

    static func session(zone: TimeZoneRules = .utc) -> Session {
        Session(
            user: User(id: "00000000-0000-0000-0000-000000000001", name: "mina", createdAt: start),
            clock: FixedClock(start, timeZone: zone), container: Container())
    }

    static func route(
        _ name: String, parameters: [Parameter] = [], handler: @escaping Route.Handler = { _, _ in "ok" }
    ) -> Route {
        Route(
            name, summary: "A test route.", parameters: parameters, returns: "any", example: "\(name)()",
            handler: handler)
    }

    @Test func middlewareRunsInOrderOutermostFirstAndSeesTheResult() throws {
        let log = Log()
        let router = try Router(
            routes: [
                Self.route("x.run") { _, _ in
                    log.append("handler"); return "done"
                }
            ],
            middleware: [Recording(name: "outer", log: log), Recording(name: "inner", log: log)])
        let result = try router.call("x.run", session: Self.session())
        #expect(result == "done")
        #expect(log.all == ["outer > x.run", "inner > x.run", "handler", "inner < \"done\"", "outer < \"done\""])
    }

    @Test func middlewareSeesTheHandlersError() throws {
        let log = Log()
        let router = try Router(
            routes: [Self.route("x.fail") { _, _ in throw AppError(code: "x.broken", message: "broken") }],
            middleware: [Recording(name: "outer", log: log), Recording(name: "inner", log: log)])
        #expect(throws: AppError.self) { try router.call("x.fail", session: Self.session()) }
        #expect(log.all == ["outer > x.fail", "inner > x.fail", "inner ! x.broken", "outer ! x.broken"])
    }

    @Test func middlewareCanShortCircuit() throws {
        let log = Log()
        let router = try Router(
            routes: [
                Self.route("x.run") { _, _ in
                    log.append("handler"); return "from handler"
                }
            ],
            middleware: [
                Recording(name: "outer", log: log), ShortCircuit(answer: "cached"), Recording(name: "inner", log: log),
            ])
        let result = try router.call("x.run", session: Self.session())
        #expect(result == "cached")
        #expect(log.all == ["outer > x.run", "outer < \"cached\""])
    }

    @Test func shortCircuitSkipsArgumentValidation() throws {
        let router = try Router(
            routes: [Self.route("x.run", parameters: [.positional("name", .string, "A name.")])],
            middleware: [ShortCircuit(answer: 1)])
        #expect(try router.call("x.run", Arguments(), session: Self.session()) == 1)
    }

    @Test func argumentsChangedByMiddlewareAreValidatedAndReachTheHandler() throws {
        let router = try Router(
            routes: [
                Self.route("x.echo", parameters: [.positional("name", .string, "A name.")]) { arguments, _ in
                    .string(try arguments.string("name"))
                }
            ],
            middleware: [Defaulting()])
        #expect(try router.call("x.echo", session: Self.session()) == "from middleware")
    }

    @Test func routerWithoutMiddlewareCallsTheHandler() throws {
        let router = try Router(routes: [Self.route("x.run")])
        #expect(try router.call("x.run", session: Self.session()) == "ok")
    }

    @Test func unknownRouteThrowsNotFound() throws {
        let router = try Router(routes: [Self.route("x.run")])
        let error = try #require(throws: AppError.self) {
            try router.call("x.missing", session: Self.session())
        }
        #expect(error.code == "not_found")
        #expect(error.message.contains("x.missing"))
    }

    @Test func duplicateRouteNamesAreRefused() throws {
        let error = try #require(throws: AppError.self) {
            try Router(routes: [Self.route("x.run"), Self.route("x.other"), Self.route("x.run")])
        }
        #expect(error.code == "router.duplicate_route")
        #expect(error.message.contains("x.run"))
    }

    @Test func handlerAppErrorComesBackNamingTheRoute() throws {
        let router = try Router(routes: [
            Self.route("x.fail") { _, _ in throw AppError(code: "x.broken", message: "it broke", field: "thing") }
        ])
        let error = try #require(throws: AppError.self) {
            try router.call("x.fail", session: Self.session())
        }
        #expect(error == AppError(code: "x.broken", message: "it broke", route: "x.fail", field: "thing"))
    }

    @Test func handlerErrorThatNamesARouteKeepsIt() throws {
        let router = try Router(routes: [
            Self.route("x.outer") { _, _ in throw AppError(code: "x.broken", message: "inner failed", route: "x.inner")
            }
        ])
        let error = try #require(throws: AppError.self) {
            try router.call("x.outer", session: Self.session())
        }
        #expect(error.route == "x.inner")
    }

    @Test func plainSwiftErrorBecomesInternalNamingTheRoute() throws {
        let router = try Router(routes: [Self.route("x.crash") { _, _ in throw PlainError() }])
        let error = try #require(throws: AppError.self) {
            try router.call("x.crash", session: Self.session())
        }
        #expect(error.code == "internal")
        #expect(error.route == "x.crash")
        #expect(error.message.contains("PlainError"))
    }

    @Test func validationErrorNamesTheRoute() throws {
        let router = try Router(routes: [Self.route("x.run", parameters: [.positional("name", .string, "A name.")])])
        let error = try #require(throws: AppError.self) {
            try router.call("x.run", session: Self.session())
        }
        #expect(error.code == "invalid_argument")
        #expect(error.route == "x.run")
    }

    @Test func routesAreSortedAndModulesListedOnce() throws {
        let router = try Router(routes: [
            Self.route("b.two"), Self.route("a.one"), Self.route("b.one"), Self.route("c"),
        ])
        #expect(router.routes.map(\.name) == ["a.one", "b.one", "b.two", "c"])
        #expect(router.modules == ["a", "b", "c"])
        #expect(router.route(named: "b.two")?.name == "b.two")
        #expect(router.route(named: "b") == nil)
    }

    @Test func handlerContextCarriesRouteUserClockAndRouter() throws {
        let session = Self.session(zone: try TimeZoneRules.named("Asia/Seoul"))
        let router = try Router(routes: [
            Self.route("x.context") { _, context in
                [
                    "route": .string(context.route), "user": .string(context.user.name),
                    "today": .string(context.clock.today().description),
                    "routes": .int(context.router.routes.count),
                ]
            }
        ])
        let result = try router.call("x.context", session: session)
        #expect(result == ["route": "x.context", "user": "mina", "today": "2026-11-29", "routes": 1])
    }

    @Test func handlerContextResolvesFromTheSessionContainer() throws {
        let session = Self.session()
        session.container.register(String.self, instance: "from container")
        let router = try Router(routes: [
            Self.route("x.resolve") { _, context in .string(try context.resolve(String.self)) }
        ])
        #expect(try router.call("x.resolve", session: session) == "from container")
    }

    @Test func contextUserIsReadWhenTheCallBegins() throws {
        let session = Self.session()
        let other = User(id: "00000000-0000-0000-0000-000000000002", name: "jun", createdAt: Self.start)
        let router = try Router(routes: [
            Self.route("x.switch") { _, context in
                context.session.switchUser(to: other)
                return .string(context.user.name)
            }
        ])
        #expect(try router.call("x.switch", session: session) == "mina")
        #expect(session.user == other)
    }
}
