import Core
import Testing

@testable import Walks

/// Every Walks route says what it does, documents each parameter, shows an example and
/// returns a basic type or a declared shape.
@Suite struct WalksRouteDocumentationTests {
    @Test func everyRouteIsDocumented() {
        let plugin = WalksPlugin()
        #expect(RouteDocumentation.problems(in: plugin.routes(), shapes: plugin.shapes()) == [])
    }
}
