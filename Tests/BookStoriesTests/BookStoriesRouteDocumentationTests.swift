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

/// What `visibility` says when it is omitted: creating makes a private story or theme,
/// updating keeps the current visibility.
@Suite struct BookStoriesVisibilityDocumentationTests {
    @Test(arguments: [
        ("bookstories.create", "private when omitted"),
        ("bookstories.themes.create", "private when omitted"),
        ("bookstories.update", "unchanged when omitted"),
        ("bookstories.themes.update", "unchanged when omitted"),
    ])
    func visibilitySaysWhatOmittingItDoes(route name: String, says: String) throws {
        let route = try #require(BookStoriesPlugin().routes().first { $0.name == name })
        let visibility = try #require(route.parameters.first { $0.name == "visibility" })
        #expect(visibility.doc.contains(says))
    }
}
