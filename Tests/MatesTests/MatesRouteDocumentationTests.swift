import Core
import Testing

@testable import Mates

/// Every Mates route says what it does, documents each parameter, shows an example and
/// returns a basic type or a declared shape.
@Suite struct MatesRouteDocumentationTests {
    @Test func everyRouteIsDocumented() {
        let plugin = MatesPlugin()
        #expect(RouteDocumentation.problems(in: plugin.routes(), shapes: plugin.shapes()) == [])
    }
}
