import Core

/// The text `help` prints, generated from the router's route declarations.
enum HelpText {
    /// `help()`: every module with one line each.
    static func overview(_ router: Router) -> String {
        var lines = ["Modules (help(module) lists its functions, help(function) explains one):"]
        let width = router.modules.map(\.count).max() ?? 0
        for module in router.modules {
            let names = router.routes.filter { $0.module == module }.map { $0.path.dropFirst().joined(separator: ".") }
            let count = names.count == 1 ? "1 function" : "\(names.count) functions"
            lines.append("  \(pad(module, width))  \(count): \(names.joined(separator: ", "))")
        }
        lines.append("Also: help(x), show(x), json(x); Ctrl-D leaves the REPL.")
        return lines.joined(separator: "\n")
    }

    /// `help(habits)`: a module's functions with their signatures and summaries.
    static func module(_ name: String, _ router: Router) -> String? {
        let routes = router.routes.filter { $0.name.hasPrefix(name + ".") }
        guard !routes.isEmpty else { return nil }
        let width = routes.map(\.signature.count).max() ?? 0
        var lines = ["\(name):"]
        for route in routes { lines.append("  \(pad(route.signature, width))  \(route.summary)") }
        return lines.joined(separator: "\n")
    }

    /// `help(habits.complete)`: signature, summary, parameters, errors and example.
    static func route(_ route: Route) -> String {
        var lines = ["\(route.signature) -> \(route.returns)", "  \(route.summary)"]
        if !route.parameters.isEmpty {
            lines.append("Parameters:")
            let nameWidth = route.parameters.map(\.name.count).max() ?? 0
            let typeWidth = route.parameters.map(\.type.name.count).max() ?? 0
            for parameter in route.parameters {
                let optional = parameter.isRequired ? "" : " (optional)"
                lines.append(
                    "  \(pad(parameter.name, nameWidth))  \(pad(parameter.type.name, typeWidth))  \(parameter.doc)\(optional)"
                )
            }
        }
        let errors = route.errors.isEmpty && route.parameters.isEmpty ? [] : ["invalid_argument"] + route.errors
        if !errors.isEmpty { lines.append("Errors: " + errors.joined(separator: ", ")) }
        lines.append("Example:")
        lines.append("  \(route.example)")
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
