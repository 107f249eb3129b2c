import Core
import Testing

@testable import Habits

/// Every Habits route says what it does, documents each parameter and shows an example.
@Suite struct HabitsRouteDocumentationTests {
    @Test func everyRouteIsDocumented() {
        var problems: [String] = []
        for route in HabitsPlugin().routes() {
            if route.summary.isEmpty || route.summary.last != "." { problems.append("\(route.name): summary") }
            if !route.example.contains(route.path.dropFirst().joined(separator: ".")) {
                problems.append("\(route.name): example")
            }
            for parameter in route.parameters where parameter.doc.isEmpty {
                problems.append("\(route.name): \(parameter.name) has no doc")
            }
        }
        #expect(problems == [])
    }

    @Test func everyReturnedRecordHasAShape() {
        let shapes = Set(HabitsPlugin().shapes().map(\.name))
        let basic: Set<String> = ["nil", "day", "instant", "string", "table"]
        for route in HabitsPlugin().routes() {
            let returned = route.returns.hasSuffix("[]") ? String(route.returns.dropLast(2)) : route.returns
            #expect(basic.contains(returned) || shapes.contains(returned), "\(route.name) returns \(route.returns)")
        }
    }
}
