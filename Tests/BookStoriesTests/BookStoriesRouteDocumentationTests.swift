import Core
import Testing

@testable import BookStories

/// Every BookStories route says what it does, documents each parameter, shows an example and
/// returns a basic type or a declared shape.
@Suite struct BookStoriesRouteDocumentationTests {
    @Test func everyRouteIsDocumented() {
        let plugin = BookStoriesPlugin()
        #expect(RouteDocumentation.problems(in: plugin.routes(), shapes: plugin.shapes()) == [])
    }
}
