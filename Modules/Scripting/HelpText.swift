import Core

/// The text `help` prints, generated from the router's route declarations.
enum HelpText {
    /// `help()`: every module with one line each.
    static func overview(_ router: Router) -> String {
        var lines = ["Modules (help(module) lists its functions, help(function) explains one):"]
        let width = router.modules.map(\.count).max() ?? 0
        for module in router.modules {
            let names =
                (router.routes.filter { $0.module == module }.map { $0.path.dropFirst().joined(separator: ".") }
                + ShellFunction.all.filter { $0.module == module }.map { String($0.name.dropFirst(module.count + 1)) })
                .sorted()
            let count = names.count == 1 ? "1 function" : "\(names.count) functions"
            lines.append("  \(pad(module, width))  \(count): \(names.joined(separator: ", "))")
        }
        lines.append("Shell functions (help(show) explains one):")
        let shellWidth = ShellFunction.all.map(\.signature.count).max() ?? 0
        for function in ShellFunction.all {
            lines.append("  \(pad(function.signature, shellWidth))  \(function.summary)")
        }
        lines.append("Ctrl-D leaves the REPL.")
        return lines.joined(separator: "\n")
    }

    /// `help(habits)`: a module's functions with their signatures and summaries.
    static func module(_ name: String, _ router: Router) -> String? {
        let routes = router.routes.filter { $0.name.hasPrefix(name + ".") }
        guard !routes.isEmpty else { return nil }
        let entries =
            routes.map { ($0.signature, $0.summary) }
            + ShellFunction.all.filter { $0.module == name }.map { ($0.signature, $0.summary) }
        let width = entries.map(\.0.count).max() ?? 0
        var lines = ["\(name):"]
        for (signature, summary) in entries { lines.append("  \(pad(signature, width))  \(summary)") }
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

    /// `help(show)`: a shell function's signature, summary, details and example.
    static func shellFunction(_ function: ShellFunction) -> String {
        var lines = ["\(function.signature) -> \(function.returns)", "  \(function.summary)"]
        lines += function.details.map { "  \($0)" }
        lines.append("Example:")
        lines.append("  \(function.example)")
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
