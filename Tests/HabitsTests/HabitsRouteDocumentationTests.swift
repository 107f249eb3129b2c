import Core
import Testing

@testable import Habits

/// Every Habits route says what it does, documents each parameter, shows an example and
/// returns a basic type or a declared shape.
@Suite struct HabitsRouteDocumentationTests {
    @Test func everyRouteIsDocumented() {
        let plugin = HabitsPlugin()
        #expect(RouteDocumentation.problems(in: plugin.routes(), shapes: plugin.shapes()) == [])
    }
}
