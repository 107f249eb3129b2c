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

        /// A field.
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

    /// A shape.
    public init(_ name: String, doc: String, fields: [Field]) {
        self.name = name
        self.doc = doc
        self.fields = fields
    }
}
