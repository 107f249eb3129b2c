/// One parameter of a route: how it is passed, its type, and what it means.
///
/// Lua passes positional parameters in order, then the options as one table of named
/// fields: `habits.complete("Run", {on = "2026-11-28"})`, `habits.create{name = "Run"}`.
public struct Parameter: Sendable, Equatable {
    /// How a parameter is passed.
    public enum Kind: Sendable, Equatable {
        /// By position, before the options table.
        case positional
        /// As a named field of the options table.
        case option
    }

    /// The name (`ref`, `on`); an option's field name.
    public let name: String
    /// Positional or option.
    public let kind: Kind
    /// The accepted type.
    public let type: ParameterType
    /// Whether a call must pass it.
    public let isRequired: Bool
    /// One line for `help`, the stubs and the reference.
    public let doc: String
    /// Whether it holds what a person wrote (a message, content, a note): events record
    /// its length only, never the text.
    public private(set) var isFreeText = false
    /// Whether it holds an id or a private name (a habit's `ref`): events record an id
    /// (a UUID) as it is and a name by its length only.
    public private(set) var isNameOrID = false
    /// Whether it holds a secret (an invite code, a password): events never record it,
    /// not even its length.
    public private(set) var isSecret = false

    /// A parameter as a route declares it; `doc` is its text in `help` and docs/lua-api.md.
    public init(name: String, kind: Kind, type: ParameterType, isRequired: Bool, doc: String) {
        self.name = name
        self.kind = kind
        self.type = type
        self.isRequired = isRequired
        self.doc = doc
    }

    /// A positional parameter, required unless `required` is false.
    public static func positional(
        _ name: String, _ type: ParameterType, _ doc: String, required: Bool = true
    ) -> Parameter {
        Parameter(name: name, kind: .positional, type: type, isRequired: required, doc: doc)
    }

    /// The same parameter, marked as free text (events record its length only).
    public var freeText: Parameter {
        var copy = self
        copy.isFreeText = true
        return copy
    }

    /// The same parameter, marked as an id or a private name (events record an id, and a
    /// name by its length only).
    public var nameOrID: Parameter {
        var copy = freeText
        copy.isNameOrID = true
        return copy
    }

    /// The same parameter, marked as secret (events leave it out entirely).
    public var secret: Parameter {
        var copy = self
        copy.isSecret = true
        return copy
    }

    /// A named option, optional unless `required` is true.
    public static func option(
        _ name: String, _ type: ParameterType, _ doc: String, required: Bool = false
    ) -> Parameter {
        Parameter(name: name, kind: .option, type: type, isRequired: required, doc: doc)
    }
}
