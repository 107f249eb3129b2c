import Core

/// Routes grouped by the parts of their names: `habits`, or `bookstories.themes` inside
/// `bookstories`; each becomes one Lua table.
struct RouteNamespace {
    var functions: [(name: String, route: Route)] = []
    var children: [String: RouteNamespace] = [:]

    /// Files `route` under the rest of its name's `path`.
    mutating func insert(_ route: Route, at path: ArraySlice<String>) {
        guard let head = path.first else { return }
        if path.count == 1 {
            functions.append((head, route))
        } else {
            children[head, default: RouteNamespace()].insert(route, at: path.dropFirst())
        }
    }
}
