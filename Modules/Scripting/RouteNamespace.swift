import Core

/// Routes grouped by the parts of their names: `habits`, or `bookstories.themes` inside
/// `bookstories`; each becomes one Lua table. The engine's builtins (`app.on`) are filed
/// the same way, by their names.
struct RouteNamespace {
    /// The routes filed here, by their index in the router's `routes`: a route is a large
    /// value, and copying 130 of them into the tree and freeing them again was a tenth of
    /// binding the modules at start-up.
    var functions: [(name: String, route: Int)] = []
    var builtins: [(name: String, builtin: ScriptBuiltin)] = []
    var children: [String: RouteNamespace] = [:]

    /// Files `builtin` under the rest of its name's `path`.
    mutating func insert(_ builtin: ScriptBuiltin, at path: ArraySlice<String>) {
        guard let head = path.first else { return }
        if path.count == 1 {
            builtins.append((head, builtin))
        } else {
            children[head, default: RouteNamespace()].insert(builtin, at: path.dropFirst())
        }
    }

    /// Files route number `route` of the router under the rest of its name's `path`.
    mutating func insert(route: Int, at path: ArraySlice<String>) {
        guard let head = path.first else { return }
        if path.count == 1 {
            functions.append((head, route))
        } else {
            children[head, default: RouteNamespace()].insert(route: route, at: path.dropFirst())
        }
    }
}
