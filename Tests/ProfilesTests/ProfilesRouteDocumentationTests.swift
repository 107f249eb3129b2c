import Core
import Testing

@testable import Profiles

/// Every Profiles route says what it does, documents each parameter, shows an example and
/// returns a basic type or a declared shape.
@Suite struct ProfilesRouteDocumentationTests {
    @Test func everyRouteIsDocumented() {
        let plugin = ProfilesPlugin()
        #expect(RouteDocumentation.problems(in: plugin.routes(), shapes: plugin.shapes()) == [])
    }
}
