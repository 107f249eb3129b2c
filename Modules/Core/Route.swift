/// One operation of the app, declared once.
///
/// The Lua function, argument checking (with `field` in errors), `help`, completion, the
/// type stubs and the generated reference all come from this one value; nothing else
/// describes an operation.
public struct Route: Sendable {
    /// What a route does when called: typed input in, a `Value` out.
    public typealias Handler = @Sendable (Arguments, Context) throws -> Value

    /// The dotted name (`habits.complete`); the first part is the module's Lua table.
    public var name: String { storage.name }
    /// One line saying what it does.
    public var summary: String { storage.summary }
    /// Positional parameters first, in order, then the options.
    public var parameters: [Parameter] { storage.parameters }
    /// What it returns (`habit`, `habit[]`, `nil`).
    public var returns: String { storage.returns }
    /// The error codes it can raise, besides `invalid_argument`.
    public var errors: [String] { storage.errors }
    /// A Lua call showing it in use.
    public var example: String { storage.example }
    /// The work.
    public var handler: Handler { storage.handler }
    /// The module: the name's first part (`habits`), kept (events name it on every call).
    public var module: String { storage.module }
    /// Whether the handler only reads, so that its statements may go to a standby
    /// (`ReadOnlyWork`); a route that writes anything, even a mark of what was seen, is not.
    public var readsOnly: Bool { storage.readsOnly }

    /// The declaration, shared by every copy: a route is copied several times per call
    /// (the binding, the router, the middleware's `RouteCall`), and one reference costs one
    /// retain where eight fields cost eight.
    private let storage: Storage

    private final class Storage: Sendable {
        let name: String
        let summary: String
        let parameters: [Parameter]
        let returns: String
        let errors: [String]
        let example: String
        let handler: Handler
        let module: String
        let readsOnly: Bool
        /// Whether a call with no arguments is valid as it is (no parameter is required).
        let acceptsNoArguments: Bool

        init(
            name: String, summary: String, parameters: [Parameter], returns: String, errors: [String],
            example: String, readsOnly: Bool, handler: @escaping Handler
        ) {
            self.name = name
            self.readsOnly = readsOnly
            self.module = String(name.prefix { $0 != "." })
            self.summary = summary
            self.parameters = parameters
            self.returns = returns
            self.errors = errors
            self.example = example
            self.handler = handler
            self.acceptsNoArguments = !parameters.contains { $0.isRequired }
        }
    }

    /// Whether `names` (routes, `walks.request`, and modules, `habits`) names one of
    /// `routes` or its module: what a loop source keeps may have changed after calls of
    /// `routes` (`InboxTimeouts.writtenBy`, a loop source's `keptFrom`).
    public static func names(_ names: Set<String>, anyOf routes: some Sequence<String>) -> Bool {
        routes.contains { names.contains($0) || names.contains(String($0.prefix { $0 != "." })) }
    }

    /// Declares a route; `readsOnly` when its handler writes nothing (its statements may
    /// then go to a standby).
    public init(
        _ name: String, summary: String, parameters: [Parameter] = [], returns: String, errors: [String] = [],
        example: String, readsOnly: Bool = false, handler: @escaping Handler
    ) {
        storage = Storage(
            name: name, summary: summary, parameters: parameters, returns: returns, errors: errors, example: example,
            readsOnly: readsOnly, handler: handler)
    }

    /// The most keys a table passed to a route may hold: its options table, or a table
    /// argument such as `events.emit`'s params (front ends refuse a larger one before
    /// converting it, so a hostile table of a million keys costs nothing).
    public static let maximumTableKeys = 256

    /// The parts of the name (`["bookstories", "themes", "create"]`), empty parts dropped.
    /// Split on the bytes of UTF-8: splitting the `String` by `Character` broke it into
    /// grapheme clusters, 4,000 instructions a route at every start-up.
    public var path: [String] {
        // A plain scan: the generic split with its closures was 1,700 instructions a route,
        // paid for every route at every start-up when the modules are bound.
        var parts: [String] = []
        parts.reserveCapacity(3)
        var rest = name[...]
        while let dot = rest.utf8.firstIndex(of: UInt8(ascii: ".")) {
            if dot > rest.startIndex { parts.append(String(rest[..<dot])) }
            rest = rest[rest.utf8.index(after: dot)...]
        }
        if !rest.isEmpty { parts.append(String(rest)) }
        return parts
    }

    /// The positional parameters in order.
    public var positionalParameters: [Parameter] { parameters.filter { $0.kind == .positional } }

    /// The named options.
    public var options: [Parameter] { parameters.filter { $0.kind == .option } }

    /// `habits.complete(ref, {on=?})`: how a call is written.
    public var signature: String {
        var parts = positionalParameters.map { $0.isRequired ? $0.name : "\($0.name)?" }
        let options = self.options
        if !options.isEmpty {
            let fields = options.map { "\($0.name)=\($0.isRequired ? "" : "?")" }.joined(separator: ", ")
            parts.append("{\(fields)}")
        }
        if positionalParameters.isEmpty, !options.isEmpty {
            return "\(name)\(parts.joined())"
        }
        return "\(name)(\(parts.joined(separator: ", ")))"
    }

    /// Checks `arguments` against the parameters and returns them conformed (integral
    /// floats made integers, empty tables made arrays).
    /// - Throws: `invalid_argument` naming the field: a missing required parameter, an
    ///   unknown option, or a value of the wrong type.
    public func validate(_ arguments: Arguments) throws -> Arguments {
        // The common call with no arguments (`habits.today()`) has nothing to check or conform.
        if arguments.values.isEmpty && storage.acceptsNoArguments { return arguments }
        var conformed = Arguments()
        for (name, value) in arguments.values {
            let count: Int
            switch value {
            case .table(let record): count = record.count
            case .array(let items): count = items.count
            default: continue
            }
            guard count <= Self.maximumTableKeys else {
                throw AppError.invalidArgument(
                    "\(name) holds at most \(Self.maximumTableKeys) keys, got \(count)", field: name)
            }
        }
        for name in arguments.values.keys where !parameters.contains(where: { $0.name == name }) {
            let known = options.map(\.name).sorted().joined(separator: ", ")
            throw AppError.invalidArgument(
                "unknown field '\(name)' to '\(self.name)'" + (known.isEmpty ? "" : " (it takes \(known))"),
                field: name)
        }
        for (index, parameter) in parameters.enumerated() {
            let value = arguments[parameter.name]
            if value.isNull {
                if parameter.isRequired { throw mismatch(parameter, index: index, got: value) }
                continue
            }
            guard let converted = parameter.type.conform(value) else {
                throw mismatch(parameter, index: index, got: value)
            }
            conformed[parameter.name] = converted
        }
        return conformed
    }

    private func mismatch(_ parameter: Parameter, index: Int, got value: Value) -> AppError {
        let expected = parameter.type.name
        let detail: String
        switch (parameter.type, value) {
        case (.day, .string(let text)): detail = "'\(text)' is not a valid day (expected YYYY-MM-DD)"
        case (.instant, .string(let text)): detail = "'\(text)' is not an ISO-8601 instant with an offset"
        case (.choice, .string(let text)): detail = "'\(text)' is not one of \(expected)"
        case (_, .null): detail = "\(expected) expected, got no value"
        default: detail = "\(expected) expected, got \(value.kindName)"
        }
        let place: String
        if parameter.kind == .positional {
            place = "bad argument #\(index + 1) to '\(name)'"
        } else {
            place = "bad field '\(parameter.name)' to '\(name)'"
        }
        return AppError.invalidArgument("\(place) (\(detail))", field: parameter.name)
    }
}
