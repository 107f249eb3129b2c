/// The shape of a record a route returns (`habit`, `completion`): its fields with their
/// types and docs. Plugins declare their shapes once; the type stubs and the reference
/// are generated from them.
public struct RecordShape: Sendable, Equatable {
    /// One field of a record.
    public struct Field: Sendable, Equatable {
        /// The field's name (snake_case).
        public let name: String
        /// Its type as the stubs spell it: `string`, `integer`, `number`, `boolean`, `day`,
        /// `instant`, another shape's name, `T[]` for a list.
        public let type: String
        /// Whether the key may be missing (an absent optional value).
        public let isOptional: Bool
        /// One line saying what it holds.
        public let doc: String

        /// Field `name` of Lua type `type` (`string`, `integer`, a shape's name ...), described by `doc`.
        public init(_ name: String, _ type: String, _ doc: String, optional: Bool = false) {
            self.name = name
            self.type = type
            self.isOptional = optional
            self.doc = doc
        }
    }

    /// The shape's name, as `Route.returns` refers to it.
    public let name: String
    /// What the record is.
    public let doc: String
    /// Its fields, in the order routes build them.
    public let fields: [Field]
    /// How the shell's `show` prints a record of this shape, when not as a generic table: the
    /// source of a Lua chunk that returns a function of one value, which returns the text to
    /// print, or nil for a value of another shape (show tries every presenter in turn). The
    /// text is printed with control characters escaped. Nil for the generic display.
    public let presenter: String?
    /// The presenter compiled to Lua bytecode at build time, which `show` loads instead of
    /// parsing the text (a third of a million instructions each); nil to parse the text.
    public let presenterBytecode: [UInt8]?

    /// A shape, optionally with its own presenter (Lua source, see `presenter`, and its
    /// bytecode).
    public init(
        _ name: String, doc: String, fields: [Field], presenter: String? = nil, presenterBytecode: [UInt8]? = nil
    ) {
        self.name = name
        self.doc = doc
        self.fields = fields
        self.presenter = presenter
        self.presenterBytecode = presenterBytecode
    }
}
