/// The documentation rule every route meets, so `help`, the type stubs and the reference
/// are never empty or dangling (Hammerspoon fails its docs build the same way): a summary
/// that is a sentence, a doc for each parameter, an example that calls the route, and a
/// return type that is a basic type or a declared shape (a list of one with `[]`, or nil
/// as well with `?`).
public enum RouteDocumentation {
    /// Return types that need no shape.
    public static let basicReturns: Set<String> = ["nil", "day", "instant", "string", "table"]

    /// What `routes` leave undocumented, one line each (`habits.create: summary`); empty
    /// when every route meets the rule. `shapes` are the record shapes the routes may return.
    public static func problems(in routes: [Route], shapes: [RecordShape]) -> [String] {
        let shapeNames = Set(shapes.map(\.name))
        var problems: [String] = []
        for route in routes {
            if route.summary.isEmpty || route.summary.last != "." { problems.append("\(route.name): summary") }
            if route.example.isEmpty || !route.example.contains(route.path.dropFirst().joined(separator: ".")) {
                problems.append("\(route.name): example")
            }
            // `T[]` is a list of T; `T?` is T or nil.
            var returned = route.returns.hasSuffix("?") ? String(route.returns.dropLast()) : route.returns
            if returned.hasSuffix("[]") { returned = String(returned.dropLast(2)) }
            if !basicReturns.contains(returned) && !shapeNames.contains(returned) {
                problems.append("\(route.name): returns \(route.returns.isEmpty ? "nothing" : route.returns)")
            }
            for parameter in route.parameters where parameter.doc.isEmpty {
                problems.append("\(route.name): \(parameter.name) has no doc")
            }
        }
        return problems
    }
}
