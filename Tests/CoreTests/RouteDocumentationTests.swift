import Testing

@testable import Core

/// Every route says what it does, documents each parameter and shows an example, so
/// `help`, the stubs and the reference are never empty (Hammerspoon fails its docs build
/// the same way).
@Suite struct RouteDocumentationTests {
    @Test func everyCoreRouteIsDocumented() {
        let plugins: [any ModulePlugin] = [AppPlugin(), TracePlugin(), EventsPlugin()]
        let problems = RouteDocumentation.problems(
            in: plugins.flatMap { $0.routes() }, shapes: plugins.flatMap { $0.shapes() })
        #expect(problems == [])
    }

    @Test func theCheckCatchesAnUndocumentedRoute() {
        let bare = Route("x.y", summary: "no stop", parameters: [.option("z", .string, "")], returns: "", example: "") {
            _, _ in .null
        }
        #expect(RouteDocumentation.problems(in: [bare], shapes: []).count == 4)
    }

    @Test func theCheckCatchesAnUndeclaredShape() {
        let route = Route("x.y", summary: "Gets a y.", returns: "y[]", example: "x.y()") { _, _ in .null }
        #expect(RouteDocumentation.problems(in: [route], shapes: []) == ["x.y: returns y[]"])
        let shape = RecordShape("y", doc: "A y.", fields: [])
        #expect(RouteDocumentation.problems(in: [route], shapes: [shape]) == [])
    }

    @Test(arguments: [("string?", true), ("y?", false), ("y[]?", false)])
    func anOptionalReturnIsItsTypeOrNil(returns: String, documented: Bool) {
        let route = Route("x.y", summary: "Gets a y.", returns: returns, example: "x.y()") { _, _ in .null }
        #expect(RouteDocumentation.problems(in: [route], shapes: []).isEmpty == documented)
        #expect(RouteDocumentation.problems(in: [route], shapes: [RecordShape("y", doc: "A y.", fields: [])]).isEmpty)
    }
}
