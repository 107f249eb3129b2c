import Testing

@testable import Core

/// Every route says what it does, documents each parameter and shows an example, so
/// `help`, the stubs and the reference are never empty (Hammerspoon fails its docs build
/// the same way).
@Suite struct RouteDocumentationTests {
    static func problems(of routes: [Route]) -> [String] {
        var problems: [String] = []
        for route in routes {
            if route.summary.isEmpty || route.summary.last != "." { problems.append("\(route.name): summary") }
            if route.example.isEmpty { problems.append("\(route.name): example") }
            if route.returns.isEmpty { problems.append("\(route.name): returns") }
            for parameter in route.parameters where parameter.doc.isEmpty {
                problems.append("\(route.name): \(parameter.name) has no doc")
            }
        }
        return problems
    }

    @Test func everyCoreRouteIsDocumented() {
        let routes = AppPlugin().routes() + TracePlugin().routes() + EventsPlugin().routes()
        #expect(Self.problems(of: routes) == [])
    }

    @Test func theCheckCatchesAnUndocumentedRoute() {
        let bare = Route("x.y", summary: "no stop", parameters: [.option("z", .string, "")], returns: "", example: "") {
            _, _ in .null
        }
        #expect(Self.problems(of: [bare]).count == 4)
    }
}
